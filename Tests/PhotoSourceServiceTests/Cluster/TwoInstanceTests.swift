import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Two real `photosource serve` instances on one PostgreSQL database and one shared folder, each
/// with its own state folder, behind nginx (round-robin upstream, `proxy_cache` on the
/// signed-thumbnail route standing in for a CDN).
@Suite("Two instances behind nginx", .serialized)
struct TwoInstanceTests {
    /// Runs `body` with a cluster serving `library` (a folder source `local-1`) and a folder destination.
    static func withCluster(
        _ library: TestLibrary, _ body: (ServiceCluster, URL) async throws -> Void
    ) async throws {
        let folder = library.stateFolder.deletingLastPathComponent()
        let orders = folder.appendingPathComponent("orders", isDirectory: true)
        let members = OrderCrashTests.configuration(sources: ["local:\(library.root.path)"], orders: orders)
        let database = try await PostgresServer.shared().makeDatabase()
        let cluster = try await ServiceCluster.start(in: folder.appendingPathComponent("cluster"), members: members, database: database)
        do {
            try await body(cluster, orders)
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }

    @Test("the second request for a thumbnail is answered by nginx's cache: no instance serves it again")
    func thumbnailCachedInFront() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        try await Self.withCluster(library) { cluster, _ in
            let proxy = cluster.proxyBaseURL
            let token = try #require(try await ServiceCluster.call(proxy, "/v1/sessions", method: "POST", token: ServiceHarness.apiKey).json["token"] as? String)
            let listing = try await ServiceCluster.call(proxy, "/v1/sources/local-1/items?scope=Album", token: token)
            let items = try #require(listing.json["items"] as? [[String: Any]])
            let url = try #require(items.compactMap { $0["thumbnailURL"] as? String }.first)
            let path = try #require(URLComponents(string: url)?.path)
            // Given: the first request goes through to an instance
            let (first, firstResponse) = try await URLSession.shared.data(from: URL(string: cluster.proxy.baseURL + path)!)
            #expect((firstResponse as? HTTPURLResponse)?.statusCode == 200)
            #expect((firstResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Cache-Status") == "MISS")
            let served = try await cluster.thumbnailRequestsServed()
            #expect(served >= 1)
            // When
            let (second, secondResponse) = try await URLSession.shared.data(from: URL(string: cluster.proxy.baseURL + path)!)
            // Then
            #expect((secondResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Cache-Status") == "HIT")
            #expect(second == first)
            #expect(try await cluster.thumbnailRequestsServed() == served)
        }
    }

    @Test("an order accepted by A, A killed (kill -9) during delivery: B finishes it, the folder has each file once")
    func killedInstanceFinishedByTheOther() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        // 40 originals of 3 MiB, so writing the folder takes a while.
        let portrait = try Data(contentsOf: library.root.appendingPathComponent("portrait.jpg"))
        let big = library.root.appendingPathComponent("Big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        let names = (1...40).map { String(format: "photo-%02d.jpg", $0) }
        for (index, name) in names.enumerated() {
            try (portrait + Data(count: 3 << 20) + Data([UInt8(index)])).write(to: big.appendingPathComponent(name))
        }
        try await Self.withCluster(library) { cluster, orders in
            let (a, b) = (cluster.instances[0].baseURL, cluster.instances[1].baseURL)
            cluster.pause(1)
            let token = try #require(try await ServiceCluster.call(a, "/v1/sessions", method: "POST", token: ServiceHarness.apiKey).json["token"] as? String)
            let lines = names.map { #"{"source": "local-1", "itemId": "Big/\#($0)"}"# }
            let created = try await ServiceCluster.call(
                a, "/v1/orders", method: "POST", token: token,
                body: #"{"reference": "cluster-1", "product": "4x6", "items": [\#(lines.joined(separator: ","))]}"#, key: "cluster-1")
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(created.json["id"] as? String)
            // When: A's worker is delivering (B is stopped meanwhile, so the jobs are A's), A dies
            let seen = try await Self.poll(a, order: id, token: token, every: .milliseconds(5)) { $0["status"] as? String == "delivering" }
            #expect(seen["status"] as? String == "delivering")
            try await cluster.kill9(0)
            cluster.resume(1)
            // Then: B finishes it, through nginx too
            let order = try await Self.poll(cluster.proxyBaseURL, order: id, token: token, every: .milliseconds(100), until: OrderCrashTests.isFinal)
            #expect(order["status"] as? String == "delivered")
            #expect(try FileManager.default.contentsOfDirectory(atPath: orders.path) == [id])
            let files = try FileManager.default.contentsOfDirectory(atPath: orders.appendingPathComponent(id).path).sorted()
            #expect(files == (["manifest.json"] + names.enumerated().map { String(format: "%03d-", $0.offset + 1) + $0.element }).sorted())
            for (index, name) in names.enumerated() {
                let delivered = orders.appendingPathComponent(id).appendingPathComponent(String(format: "%03d-", index + 1) + name)
                #expect(try OrderCrashTests.md5(delivered) == (try OrderCrashTests.md5(big.appendingPathComponent(name))))
            }
            let events = try OrderEventsTests.events(try await ServiceCluster.call(b, "/v1/orders/\(id)/events", token: token).text)
            #expect(events.filter { $0.type == "order.delivery" && $0.data["state"] == "delivered" }.count == 1)
        }
    }

    /// Polls `GET /v1/orders/{id}` at `base` until `done` (at most about 60 s); returns the last body.
    static func poll(
        _ base: URL, order: String, token: String, every interval: Duration, until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        let server = ServeProcessTests.Server(process: Process(), baseURL: base, errors: Pipe())
        return try await OrderCrashTests.poll(server, order: order, token: token, every: interval, until: done)
    }
}
