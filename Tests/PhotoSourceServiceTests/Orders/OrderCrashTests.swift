import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `kill -9` of a real `photosource serve` in the middle of an order, then a restart on the same
/// state folder: the order finishes, and lands exactly once.
@Suite("Orders survive kill -9 of photosource serve", .serialized)
struct OrderCrashTests {
    /// Configuration members: `sources`, one folder destination (or `destination`, a JSON object),
    /// a short lease so the restarted process takes the dead one's job over quickly.
    static func configuration(
        sources: [String], orders: URL, allowedSourceOrigins: [String] = [], fetchConcurrency: Int = 4, destination: String? = nil
    ) -> String {
        let list = sources.map { "\"\($0)\"" }.joined(separator: ", ")
        let origins = allowedSourceOrigins.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            "sources": [\(list)], "allowedSourceOrigins": [\(origins)],
            "destinations": [\(destination ?? #"{"id": "shop-folder", "kind": "folder", "root": "\#(orders.path)"}"#)],
            "orders": {"leaseSeconds": 2, "pollIntervalSeconds": 0.05, "retryBaseSeconds": 0.1, "retryMaximumSeconds": 1,
                       "fetchConcurrency": \(fetchConcurrency)}
            """
    }

    /// A JSON call to the served API.
    static func call(
        _ server: ServeProcessTests.Server, _ path: String, method: String = "GET", token: String, body: String? = nil, key: String? = nil
    ) async throws -> (status: Int, json: [String: Any], text: String) {
        var request = URLRequest(url: URL(string: "\(server.baseURL)\(path)")!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, json, String(decoding: data, as: UTF8.self))
    }

    /// A session token from a running server.
    static func session(_ server: ServeProcessTests.Server) async throws -> String {
        let (status, json, _) = try await call(server, "/v1/sessions", method: "POST", token: ServiceHarness.apiKey)
        #expect(status == 201)
        return try #require(json["token"] as? String)
    }

    /// Polls the order until `done` says so (at most about 60 s); returns the last body.
    static func poll(
        _ server: ServeProcessTests.Server, order: String, token: String, every interval: Duration = .milliseconds(20),
        until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        var last: [String: Any] = [:]
        for _ in 0..<Int(60 / (Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))) {
            last = try await call(server, "/v1/orders/\(order)", token: token).json
            if done(last) { return last }
            try await Task.sleep(for: interval)
        }
        Issue.record("order \(order) never reached the awaited state; last: \(last)")
        return last
    }

    static func isFinal(_ order: [String: Any]) -> Bool {
        ["delivered", "partiallyDelivered", "failed", "cancelled"].contains(order["status"] as? String ?? "")
    }

    /// How many files the order's staging folder under `orders` holds (0 without one).
    static func stagedCount(_ orders: URL, order: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: orders.path)) ?? []
        guard let staging = names.first(where: { $0.hasPrefix(".\(order).staging-") }) else { return 0 }
        return ((try? FileManager.default.contentsOfDirectory(atPath: orders.appendingPathComponent(staging).path)) ?? []).count
    }

    static func kill9(_ server: ServeProcessTests.Server) async throws {
        kill(server.process.processIdentifier, SIGKILL)
        _ = try await ServeProcessTests.blocking { server.process.waitUntilExit() }
    }

    static func stop(_ server: ServeProcessTests.Server) async throws {
        server.process.terminate()
        _ = try await ServeProcessTests.blocking { server.process.waitUntilExit() }
    }

    /// The events of an order (its stream ends because the order has ended).
    static func events(_ server: ServeProcessTests.Server, order: String, token: String) async throws -> [OrderEventsTests.Event] {
        try OrderEventsTests.events(try await call(server, "/v1/orders/\(order)/events", token: token).text)
    }

    static func md5(_ file: URL) throws -> String { OrdersTests.md5(try Data(contentsOf: file)) }

    @Test("kill -9 while the originals are being fetched: after a restart every line is fetched once and the folder appears once")
    func killDuringMaterialise() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let sunset = try Data(contentsOf: library.root.appendingPathComponent("Album/sunset.jpg"))
        let portrait = try Data(contentsOf: library.root.appendingPathComponent("portrait.jpg"))
        // Five lines, two fetched at a time: when the first is stored, others are still being fetched.
        let photos = ["/1.jpg": sunset, "/2.jpg": portrait, "/3.jpg": portrait + Data([0, 1, 2]), "/4.jpg": sunset + Data([4]), "/5.jpg": portrait + Data([5])]
        try await LoopbackPhotoServer.run(photos.mapValues { .init(bytes: $0, etag: "\"\($0.count)\"") }) { photoServer in
            photoServer.delayDownloads(by: .milliseconds(700))
            let list = library.stateFolder.deletingLastPathComponent().appendingPathComponent("list.txt")
            try FileManager.default.createDirectory(at: library.stateFolder, withIntermediateDirectories: true)
            try photos.keys.sorted().map { photoServer.origin + $0 }.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            let orders = library.stateFolder.deletingLastPathComponent().appendingPathComponent("orders")
            let configuration = Self.configuration(
                sources: ["urls:\(list.path)"], orders: orders, allowedSourceOrigins: [photoServer.origin], fetchConcurrency: 2)
            var server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
            defer { if server.process.isRunning { server.process.terminate() } }
            let token = try await Self.session(server)
            let lines = photos.keys.sorted().map { #"{"source": "urls-1", "itemId": "\#(photoServer.origin + $0)"}"# }
            let (status, created, text) = try await Self.call(
                server, "/v1/orders", method: "POST", token: token,
                body: #"{"reference": "crash-1", "product": "4x6", "items": [\#(lines.joined(separator: ","))]}"#, key: "crash-1")
            #expect(status == 201, "\(text)")
            let id = try #require(created["id"] as? String)
            // When: one line is in the asset store, the next is being downloaded
            let seen = try await Self.poll(server, order: id, token: token) { order in
                ((order["items"] as? [[String: Any]]) ?? []).contains { $0["state"] as? String == "materialised" }
            }
            #expect(seen["status"] as? String == "materialising")
            try await Self.kill9(server)
            // Then: the asset store holds only whole assets (each file's bytes hash to its name) and temporary files
            let assets = library.stateFolder.appendingPathComponent("assets")
            for file in AssetStoreDownloadTests.files(under: assets) where !file.hasPrefix(".psk-tmp-") {
                let sha = SHA256.hash(data: try Data(contentsOf: assets.appendingPathComponent(file))).map { String(format: "%02x", $0) }.joined()
                #expect(file == "\(sha.prefix(2))/\(sha).jpg")
            }
            server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
            // And the restarted process finishes it
            let order = try await Self.poll(server, order: id, token: token, every: .milliseconds(100), until: Self.isFinal)
            #expect(order["status"] as? String == "delivered")
            #expect(try FileManager.default.contentsOfDirectory(atPath: orders.path) == [id])
            let folder = orders.appendingPathComponent(id)
            for (index, path) in photos.keys.sorted().enumerated() {
                #expect(try Data(contentsOf: folder.appendingPathComponent("00\(index + 1)-\(path.dropFirst().dropLast(4)).jpg")) == photos[path])
            }
            let events = try await Self.events(server, order: id, token: token)
            #expect(events.filter { $0.type == "order.item" }.count == 5)
            #expect(events.filter { $0.type == "order.status" }.compactMap { $0.data["status"] } == ["accepted", "materialising", "delivering", "delivered"])
            // The originals went straight into the asset store: the spool was never written.
            #expect(AssetStoreDownloadTests.files(under: library.stateFolder.appendingPathComponent("originals")).isEmpty)
            try await Self.stop(server)
        }
    }

    @Test("kill -9 while the folder is being written: after a restart the order folder appears once, complete and byte-identical")
    func killDuringDelivery() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        // 60 originals of 3 MiB (a real JPEG, then padding readers stop before), so writing the folder takes a while.
        let portrait = try Data(contentsOf: library.root.appendingPathComponent("portrait.jpg"))
        let big = library.root.appendingPathComponent("Big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        let names = (1...60).map { String(format: "photo-%02d.jpg", $0) }
        for (index, name) in names.enumerated() {
            try (portrait + Data(count: 3 << 20) + Data([UInt8(index)])).write(to: big.appendingPathComponent(name))
        }
        let orders = library.stateFolder.deletingLastPathComponent().appendingPathComponent("orders")
        let configuration = Self.configuration(sources: ["local:\(library.root.path)"], orders: orders)
        var server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
        defer { if server.process.isRunning { server.process.terminate() } }
        let token = try await Self.session(server)
        let lines = names.map { #"{"source": "local-1", "itemId": "Big/\#($0)"}"# }
        let (status, created, text) = try await Self.call(
            server, "/v1/orders", method: "POST", token: token,
            body: #"{"reference": "crash-2", "product": "4x6", "items": [\#(lines.joined(separator: ","))]}"#, key: "crash-2")
        #expect(status == 201, "\(text)")
        let id = try #require(created["id"] as? String)
        // When: the order's folder is being written (filled while the order is fetched: its hidden
        // staging folder holds some photos, not all)
        let filling = try await eventually(.seconds(60)) { (5..<names.count).contains(Self.stagedCount(orders, order: id)) }
        try await Self.kill9(server)
        try #require(filling, "the folder was being filled when the service was killed")
        server = try await ServeProcessTests.start(state: library.stateFolder, configuration: configuration)
        // Then
        let order = try await Self.poll(server, order: id, token: token, every: .milliseconds(100), until: Self.isFinal)
        #expect(order["status"] as? String == "delivered")
        #expect(try FileManager.default.contentsOfDirectory(atPath: orders.path) == [id])  // no second folder, no partial one
        let folder = orders.appendingPathComponent(id)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == (["manifest.json"] + names.enumerated().map { String(format: "%03d-", $0.offset + 1) + $0.element }).sorted())
        for (index, name) in names.enumerated() {
            let delivered = folder.appendingPathComponent(String(format: "%03d-", index + 1) + name)
            #expect(try Self.md5(delivered) == (try Self.md5(big.appendingPathComponent(name))))
        }
        let events = try await Self.events(server, order: id, token: token)
        #expect(events.filter { $0.type == "order.delivery" && $0.data["state"] == "delivered" }.count == 1)
        #expect(events.filter { $0.type == "order.status" }.compactMap { $0.data["status"] } == ["accepted", "materialising", "delivering", "delivered"])
        try await Self.stop(server)
    }
}
