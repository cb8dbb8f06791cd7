import Foundation
import Testing

/// Whether this machine lets an unprivileged process mount a tmpfs in a namespace of its own.
enum MountNamespace {
    static let canMountTmpfs: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["--user", "--map-root-user", "--mount", "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs /tmp"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}

/// The asset store on a full file system, for real: `photosource serve` runs in a mount namespace
/// of its own (`unshare --user --map-root-user --mount`) whose asset folder is a 1 MiB tmpfs,
/// mostly taken by a filler file.
@Suite("Orders on a full disk", .serialized, .enabled(if: MountNamespace.canMountTmpfs, "needs unprivileged user and mount namespaces"))
struct OrderDiskFullTests {
    /// Runs the binary with `assets` a 1 MiB tmpfs holding `filler` bytes already.
    static func launcher(assets: URL, filler: Int) -> [String] {
        let script = """
            mkdir -p '\(assets.path)' && mount -t tmpfs -o size=1m tmpfs '\(assets.path)' \
            && head -c \(filler) /dev/zero > '\(assets.path)/filler' && exec "$@"
            """
        return ["/usr/bin/unshare", "--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh"]
    }

    @Test("a full asset store fails the line with a clear message and leaves nothing behind; once there is room, the order goes through")
    func fullAssetStore() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        // A 300 KB photo (a real JPEG, then padding readers stop before) where 150 KB are free.
        let big = try Data(contentsOf: library.root.appendingPathComponent("portrait.jpg")) + Data(count: 300_000)
        try big.write(to: library.root.appendingPathComponent("Album/big.jpg"))
        let orders = library.stateFolder.deletingLastPathComponent().appendingPathComponent("orders")
        let assets = library.stateFolder.appendingPathComponent("assets")
        let configuration = """
            "sources": ["local:\(library.root.path)"],
            "destinations": [{"id": "shop-folder", "kind": "folder", "root": "\(orders.path)"}],
            "orders": {"leaseSeconds": 5, "pollIntervalSeconds": 0.05, "retryBaseSeconds": 0.1, "retryMaximumSeconds": 0.2, "maximumAttempts": 2}
            """
        let server = try await ServeProcessTests.start(
            state: library.stateFolder, configuration: configuration, launcher: Self.launcher(assets: assets, filler: 900_000))
        defer { if server.process.isRunning { server.process.terminate() } }
        // The tmpfs as the server sees it.
        let mounted = URL(fileURLWithPath: "/proc/\(server.process.processIdentifier)/root" + assets.path)
        let token = try await OrderCrashTests.session(server)
        let body = #"{"reference": "full-1", "product": "4x6", "items": [{"source": "local-1", "itemId": "Album/big.jpg"}]}"#
        // When
        let (status, created, text) = try await OrderCrashTests.call(server, "/v1/orders", method: "POST", token: token, body: body, key: "full-1")
        #expect(status == 201, "\(text)")
        let id = try #require(created["id"] as? String)
        let failed = try await OrderCrashTests.poll(server, order: id, token: token, until: OrderCrashTests.isFinal)
        // Then: the line failed with a stable code and a sentence that says what to do
        #expect(failed["status"] as? String == "failed")
        let line = try #require((failed["items"] as? [[String: Any]])?.first)
        #expect(line["state"] as? String == "failed")
        #expect(line["errorCode"] as? String == "storage-full")
        #expect((line["message"] as? String)?.contains("the disk is full; free some space") == true)
        // No temporary file, no partial asset: the filler is all there is.
        #expect(try FileManager.default.contentsOfDirectory(atPath: mounted.path) == ["filler"])
        #expect(!FileManager.default.fileExists(atPath: orders.appendingPathComponent(id).path))
        // When: there is room again, the same photo ordered again goes through
        try FileManager.default.removeItem(at: mounted.appendingPathComponent("filler"))
        let (again, retried, _) = try await OrderCrashTests.call(
            server, "/v1/orders", method: "POST", token: token, body: body.replacingOccurrences(of: "full-1", with: "full-2"), key: "full-2")
        #expect(again == 201)
        let second = try #require(retried["id"] as? String)
        let delivered = try await OrderCrashTests.poll(server, order: second, token: token, until: OrderCrashTests.isFinal)
        #expect(delivered["status"] as? String == "delivered")
        #expect(try Data(contentsOf: orders.appendingPathComponent(second).appendingPathComponent("001-big.jpg")) == big)
        try await OrderCrashTests.stop(server)
    }
}
