import Foundation
import SampleSources
import Testing

extension OrderCrashTests {
    @Test("kill -9 while photos are being uploaded: after a restart only the uploads in flight are POSTed again, and the demo receiver keeps each once")
    func killDuringUploads() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let portrait = try Data(contentsOf: library.root.appendingPathComponent("portrait.jpg"))
        let folder = library.root.appendingPathComponent("Uploads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = (1...8).map { String(format: "photo-%02d.jpg", $0) }
        for (index, name) in names.enumerated() { try (portrait + Data([UInt8(index)])).write(to: folder.appendingPathComponent(name)) }
        let receiver = DemoUploadReceiver()
        let base = try await receiver.start()
        // Three uploads are answered; each one after that is stored but its answer held back: in flight until the kill.
        receiver.faults = .init(holdAnswersAfter: 3, holdAnswersFor: .seconds(120))
        let destination = #"{"id": "uploads", "kind": "httpUpload", "url": "\#(base.absoluteString)/uploads", "concurrency": 2}"#
        let configuration = Self.configuration(
            sources: ["local:\(library.root.path)"], orders: library.root.appendingPathComponent("unused"), destination: destination)
        var server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
        defer { if server.process.isRunning { server.process.terminate() } }
        do {
            let token = try await Self.session(server)
            let lines = names.map { #"{"source": "local-1", "itemId": "Uploads/\#($0)"}"# }
            let (status, created, text) = try await Self.call(
                server, "/v1/orders", method: "POST", token: token,
                body: #"{"reference": "crash-upload", "product": "4x6", "items": [\#(lines.joined(separator: ","))]}"#, key: "crash-upload")
            #expect(status == 201, "\(text)")
            let id = try #require(created["id"] as? String)
            // When: three uploads are acknowledged and recorded, two are in flight (stored, answers held back)
            #expect(try await eventually(.seconds(90)) { receiver.statistics.stored == 5 })
            _ = try await Self.poll(server, order: id, token: token, every: .milliseconds(100)) { order in
                let items = ((order["destinations"] as? [[String: Any]])?.first?["items"] as? [[String: Any]]) ?? []
                return items.filter { $0["delivered"] as? Bool == true }.count == 3
            }
            try await Self.kill9(server)
            let inFlight = Set(receiver.uploads.dropFirst(3).map(\.key))
            receiver.faults = .none
            server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
            // Then: the restarted process sends the two in flight again (same keys), nothing else; the receiver keeps each photo once
            let order = try await Self.poll(server, order: id, token: token, every: .milliseconds(100), until: Self.isFinal)
            #expect(order["status"] as? String == "delivered")
            let statistics = receiver.statistics
            #expect(inFlight.count == 2)
            #expect(statistics.postsByKey.count == 8)
            #expect(statistics.postsByKey.filter { $0.value > 1 }.keys.sorted() == inFlight.sorted())
            #expect(statistics.postsByKey.values.allSatisfy { $0 <= 2 })
            #expect(statistics.replays == 2)
            #expect(receiver.uploads.count == 8)
            #expect(receiver.uploads.map(\.index).sorted() == Array(0..<8))
            #expect(receiver.uploads.allSatisfy { $0.orderID == id && $0.byteCount == portrait.count + 1 })
            try await Self.stop(server)
        } catch {
            await receiver.stop()
            throw error
        }
        await receiver.stop()
    }
}
