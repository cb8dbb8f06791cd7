import Foundation
import Testing

extension OrderCrashTests {
    @Test("kill -9 once a whole album's listing has begun: after a restart every photo of the album is a line once and in the folder once")
    func killDuringAlbumExpansion() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let ids = try library.portraitCopies(400, in: "Many")
        let orders = library.stateFolder.deletingLastPathComponent().appendingPathComponent("orders")
        let configuration = Self.configuration(sources: ["local:\(library.root.path)"], orders: orders)
        var server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
        defer { if server.process.isRunning { server.process.terminate() } }
        let token = try await Self.session(server)
        let (status, created, text) = try await Self.call(
            server, "/v1/orders", method: "POST", token: token,
            body: #"{"reference": "crash-album", "product": "4x6", "items": [{"source": "local-1", "scope": "Many"}]}"#, key: "crash-album")
        #expect(status == 201, "\(text)")
        let id = try #require(created["id"] as? String)
        // When: the first photos of the album are lines (its listing has begun), the process dies
        _ = try await Self.poll(server, order: id, token: token, every: .milliseconds(10)) { order in
            ((order["items"] as? [[String: Any]])?.count ?? 0) > 1
        }
        try await Self.kill9(server)
        server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
        // Then: the restarted process finishes it, each photo once
        let order = try await Self.poll(server, order: id, token: token, every: .milliseconds(200), until: Self.isFinal)
        #expect(order["status"] as? String == "delivered")
        let items = try #require(order["items"] as? [[String: Any]])
        let photoIDs = items.dropFirst().compactMap { $0["itemId"] as? String }
        #expect(photoIDs.count == ids.count)
        #expect(Set(photoIDs) == Set(ids))
        #expect(items.first?["photos"] as? Int == ids.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: orders.appendingPathComponent(id).path).filter { $0 != "manifest.json" }
        #expect(files.count == ids.count)
        try await Self.stop(server)
    }
}
