import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import SampleSources
import Testing

/// A full store or asset store answers honestly: 503 `storage-full` with `Retry-After` for what
/// cannot be saved, answers what can be read, and `/v1/ready` (not `/v1/health`) says why.
@Suite("A full disk answers storage-full")
struct StorageFullTests {
    /// Expects `response` to be the answer to a write refused for want of room: 503, `Retry-After`,
    /// a `storage-full` problem whose detail says so in words.
    static func expectStorageFull(_ response: TestResponse) throws {
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers[.retryAfter] == String(StorageFull.retryAfterSeconds))
        #expect(response.headers[.contentType] == "application/problem+json")
        let problem = try ServiceHarness.object(response)
        #expect(problem["code"] as? String == "storage-full")
        #expect((problem["detail"] as? String)?.contains("storage is full") == true)
    }

    @Test("a store at its size limit (a genuine SQLITE_FULL): new sessions get 503 storage-full with Retry-After, reads still answer, /v1/ready says the store is full while /v1/health stays ok; with room again, all is well")
    func fullStore() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        var configuration = ServiceHarness.configuration(state: library.stateFolder)
        ServiceHarness.orderConfiguration(&configuration)
        try PrivateDirectory.prepareState(library.stateFolder)
        let store = try await SQLiteServiceStore.open(file: library.stateFolder.appendingPathComponent("service.sqlite"))
        let folder = try LocalFolderSource(root: library.root, id: "local:test", title: "Test Library")
        let app = try await buildApplication(ServiceArguments(
            configuration: configuration, catalog: SourceCatalog([.folder(folder, id: "library")]), store: store))
        try await app.test(.ahc(.http)) { client in
            let harness = ServiceHarness(client: client, library: library.root, logs: LogCapture())
            let (token, _) = try await harness.newSession()
            #expect(try await client.execute(uri: "/v1/ready", method: .get).status == .ok)
            // When: the database may not grow by a page more
            try await store.limitSize(extraPages: 0)
            var refused: TestResponse?
            for _ in 0..<300 {
                let response = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
                if response.status != .created { refused = response; break }
            }
            // Then
            let full = try #require(refused, "the store never filled up")
            try Self.expectStorageFull(full)
            // Reads that need no room are answered.
            #expect(try await harness.get("/v1/sources/library/items?scope=Album", token: token).status == .ok)
            #expect(try await client.execute(uri: "/v1/health", method: .get).status == .ok)
            let ready = try await client.execute(uri: "/v1/ready", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.headers[.retryAfter] != nil)
            let readiness = try ServiceHarness.object(ready)
            #expect(readiness["status"] as? String == "not-ready")
            #expect((readiness["checks"] as? [String: [String: Any]])?["store"]?["status"] as? String == "full")
            #expect((readiness["checks"] as? [String: [String: Any]])?["assetStore"]?["status"] as? String == "ok")
            // When: there is room again
            try await store.limitSize(extraPages: 10_000)
            // Then
            #expect(try await client.execute(uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"]).status == .created)
            #expect(try await client.execute(uri: "/v1/ready", method: .get).status == .ok)
        }
        try await store.close()
    }

    @Test(
        "an asset store on a full file system (a real tmpfs, filled): /v1/ready answers 503 with the asset store full and the store ok; /v1/health stays ok",
        .enabled(if: MountNamespace.canMountTmpfs, "needs unprivileged user and mount namespaces"))
    func fullAssetStore() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let assets = library.stateFolder.appendingPathComponent("assets")
        let orders = library.stateFolder.deletingLastPathComponent().appendingPathComponent("orders")
        // A 1 MiB tmpfs as the asset folder, filled to the last byte (head stops at ENOSPC).
        let script = """
            mkdir -p '\(assets.path)' && mount -t tmpfs -o size=1m tmpfs '\(assets.path)' \
            && { head -c 2000000 /dev/zero > '\(assets.path)/filler' 2>/dev/null; exec "$@"; }
            """
        let server = try await ServeProcessTests.start(
            state: library.stateFolder, configuration: OrderCrashTests.configuration(sources: ["local:\(library.root.path)"], orders: orders),
            launcher: ["/usr/bin/unshare", "--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh"])
        defer { if server.process.isRunning { server.process.terminate() } }
        // When
        let (status, body) = try await ServeProcessTests.request(server.baseURL.appendingPathComponent("v1/ready"))
        let (health, _) = try await ServeProcessTests.request(server.baseURL.appendingPathComponent("v1/health"))
        // Then
        #expect(status == 503)
        let checks = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["checks"] as? [String: [String: Any]])
        #expect(checks["assetStore"]?["status"] as? String == "full", "\(checks)")
        #expect(checks["store"]?["status"] as? String == "ok", "\(checks)")
        #expect(health == 200)
        try await OrderCrashTests.stop(server)
    }
}
