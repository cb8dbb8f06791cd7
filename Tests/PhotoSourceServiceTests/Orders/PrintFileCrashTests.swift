import Foundation
import PhotoImaging
import Testing

/// `kill -9` of a real `photosource serve` while an order's print files are being rendered, then a
/// restart on the same state folder: every line's print file is stored once and delivered once.
@Suite("Print files survive kill -9 of photosource serve", .serialized)
struct PrintFileCrashTests {
    @Test("kill -9 while print files are rendered: after a restart the folder appears once, each print file once in the asset store")
    func killDuringRender() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        // Four distinct photos larger than a 4×6 at 300 dpi needs, rendered one line at a time.
        let names = (0..<4).map { "big-\($0).jpg" }
        for (index, name) in names.enumerated() {
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 2400 + 10 * index, height: 1600)).write(to: library.root.appendingPathComponent(name))
        }
        let prints = library.stateFolder.deletingLastPathComponent().appendingPathComponent("prints")
        let configuration = OrderCrashTests.configuration(
            sources: ["local:\(library.root.path)"], orders: prints, fetchConcurrency: 1,
            destination: #"{"id": "prints", "kind": "folder", "root": "\#(prints.path)", "files": "print"}"#)
        var server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
        defer { if server.process.isRunning { server.process.terminate() } }
        let token = try await OrderCrashTests.session(server)
        let lines = names.map { #"{"source": "local-1", "itemId": "\#($0)"}"# }
        let (status, created, text) = try await OrderCrashTests.call(
            server, "/v1/orders", method: "POST", token: token,
            body: #"{"reference": "print-crash", "product": "4x6", "items": [\#(lines.joined(separator: ","))]}"#, key: "print-crash")
        #expect(status == 201, "\(text)")
        let id = try #require(created["id"] as? String)
        // When: one line is rendered and recorded, the next is being rendered
        let seen = try await OrderCrashTests.poll(server, order: id, token: token, every: .milliseconds(10)) { order in
            ((order["items"] as? [[String: Any]]) ?? []).contains { $0["state"] as? String == "materialised" }
        }
        #expect(seen["status"] as? String == "materialising")
        try await OrderCrashTests.kill9(server)
        server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
        // Then
        let order = try await OrderCrashTests.poll(server, order: id, token: token, every: .milliseconds(100), until: OrderCrashTests.isFinal)
        #expect(order["status"] as? String == "delivered")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prints.path) == [id])
        let folder = prints.appendingPathComponent(id)
        let items = try #require(order["items"] as? [[String: Any]])
        let recorded = items.compactMap { ($0["printFiles"] as? [[String: Any]])?.first?["md5"] as? String }
        #expect(recorded.count == 4)
        for (index, name) in names.enumerated() {
            let file = folder.appendingPathComponent(String(format: "%03d-", index + 1) + name)
            #expect(try OrderCrashTests.md5(file) == recorded[index])
            #expect(try ImageDecoder.decodeFull(Data(contentsOf: file)).width == 1800)
        }
        // Four originals and four print files in the asset store, nothing twice.
        let assets = library.stateFolder.appendingPathComponent("assets")
        let stored = try FileManager.default.subpathsOfDirectory(atPath: assets.path).filter { $0.hasSuffix(".jpg") && !$0.contains("/.") }
        #expect(stored.count == 8, "\(stored)")
        try await OrderCrashTests.stop(server)
    }
}
