import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// A customer with a live session keeps browsing when the store cannot write: the expiry slide
/// (a write behind every authenticated read) is deferred, not turned into an error.
@Suite("Sessions on a full store")
struct SessionSlideTests {
    /// A store whose every write fails for want of room, and whose reads answer.
    struct FullStore: ServiceStore {
        let live: CustomerSession
        var full: any Error = PhotoSourceError(.storageFull, StorageFull.message)
        func createSession(_ session: CustomerSession) async throws { throw full }
        func touchSession(tokenHash: String, now: Date, lifetime: TimeInterval) async throws -> CustomerSession? { throw full }
        func session(tokenHash: String, now: Date) async throws -> CustomerSession? { tokenHash == live.tokenHash ? live : nil }
        func session(id: String, now: Date) async throws -> CustomerSession? { id == live.id ? live : nil }
        func deleteSession(id: String) async throws { throw full }
        func signIn(session: String, source: String) async throws -> Data? { nil }
        func saveSignIn(session: String, source: String, sealed: Data) async throws { throw full }
        func deleteSignIn(session: String, source: String) async throws { throw full }
        func saveAuthorization(_ pending: PendingAuthorization) async throws { throw full }
        func takeAuthorization(state: String, now: Date) async throws -> PendingAuthorization? { throw full }
        func idempotentResponse(session: String, key: String) async throws -> IdempotencyRecord? { nil }
        func saveIdempotentResponse(_ record: IdempotencyRecord) async throws { throw full }
        func purgeExpired(now: Date) async throws -> Int { throw full }
        func saveDeviceGrant(_ grant: DeviceGrant) async throws { throw full }
        func deviceGrant(session: String, source: String) async throws -> DeviceGrant? { nil }
        func claimDeviceGrantPoll(session: String, source: String, now: Date) async throws -> DeviceGrant? { throw full }
        func updateDeviceGrant(_ grant: DeviceGrant) async throws { throw full }
        func deleteDeviceGrant(_ grant: DeviceGrant) async throws { throw full }
    }

    static let live = CustomerSession(
        id: "ses_1", tokenHash: "h1", createdAt: Date(timeIntervalSince1970: 1_000), expiresAt: Date(timeIntervalSince1970: 9_000))

    @Test("a slide refused for want of room answers the live session from a read, its expiry where it was")
    func deferredSlide() async throws {
        // Given
        let store = FullStore(live: Self.live)
        let now = Date(timeIntervalSince1970: 2_000)

        // When
        let session = try await SessionSlide.touch(store, tokenHash: "h1", now: now, lifetime: 7_200)
        let unknown = try await SessionSlide.touch(store, tokenHash: "other", now: now, lifetime: 7_200)

        // Then
        #expect(session == Self.live)
        #expect(unknown == nil, "an unknown token is still no session (401)")
    }

    @Test("any other failure of the slide is not hidden")
    func otherFailuresThrow() async throws {
        var store = FullStore(live: Self.live)
        store.full = PhotoSourceError(.unknown, "disk I/O error")
        await #expect(throws: PhotoSourceError.self) {
            _ = try await SessionSlide.touch(store, tokenHash: "h1", now: Date(timeIntervalSince1970: 2_000), lifetime: 7_200)
        }
    }

    @Test(
        "on a really full file system (the store on a filled tmpfs): a live session still browses, new sessions and orders answer 503 storage-full, the deferral is logged once",
        .enabled(if: MountNamespace.canMountTmpfs, "needs unprivileged user and mount namespaces"))
    func fullDisk() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let state = library.stateFolder
        let outside = library.root.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let (trigger, filled) = (outside.appendingPathComponent("fill"), outside.appendingPathComponent("filled"))
        // The state folder (store, WAL, caches) is a 4 MiB tmpfs; the configuration file written
        // into it is carried over. When `fill` appears, a filler takes every free byte.
        let script = """
            cp '\(state.path)/config.json' '\(outside.path)/' && mount -t tmpfs -o size=4m,mode=0700 tmpfs '\(state.path)' \
            && cp '\(outside.path)/config.json' '\(state.path)/' || exit 1
            "$@" & server=$!
            trap 'kill -TERM $server; wait $server; exit 0' TERM INT
            while [ ! -e '\(trigger.path)' ]; do sleep 0.05; done
            head -c 8000000 /dev/zero > '\(state.path)/filler' 2>/dev/null; touch '\(filled.path)'
            wait $server
            """
        let server = try await ServeProcessTests.start(
            state: state, configuration: OrderCrashTests.configuration(sources: ["local:\(library.root.path)"], orders: outside.appendingPathComponent("orders")),
            launcher: ["/usr/bin/unshare", "--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh"])
        defer { if server.process.isRunning { server.process.terminate() } }
        let token = try await OrderCrashTests.session(server)
        #expect(try await OrderCrashTests.call(server, "/v1/sources/local-1/items", token: token).status == 200)

        // When: the disk fills up
        try Data().write(to: trigger)
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: filled.path) { try await Task.sleep(for: .milliseconds(50)) }
        try #require(FileManager.default.fileExists(atPath: filled.path), "the filler ran")

        // Then: browsing answers, twice (one log line)
        let browse = try await OrderCrashTests.call(server, "/v1/sources/local-1/items?scope=Album", token: token)
        #expect(browse.status == 200, "\(browse.text)")
        #expect(try await OrderCrashTests.call(server, "/v1/sources/local-1/items", token: token).status == 200)
        // What needs room answers 503 storage-full.
        let newSession = try await OrderCrashTests.call(server, "/v1/sessions", method: "POST", token: ServiceHarness.apiKey)
        #expect(newSession.status == 503 && newSession.json["code"] as? String == "storage-full", "\(newSession.text)")
        let order = try await OrderCrashTests.call(
            server, "/v1/orders", method: "POST", token: token,
            body: #"{"reference": "full", "product": "4x6", "items": [{"source": "local-1", "itemId": "portrait.jpg"}]}"#, key: "full-1")
        #expect(order.status == 503 && order.json["code"] as? String == "storage-full", "\(order.text)")
        try await OrderCrashTests.stop(server)
        let logs = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(logs.components(separatedBy: "session expiries are not slid forward").count == 2, "logged once: \(logs)")
    }
}
