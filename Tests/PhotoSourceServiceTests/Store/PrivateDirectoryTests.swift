// Dispatch: its C module declares struct stat in the merged build (MemberImportVisibility).
import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The state folder is private whatever the umask: folders 0700, files without any permission
/// for the group or others; a state folder others may write is refused.
@Suite("Data at rest: the state folder is private", .serialized)
struct PrivateDirectoryTests {
    /// Every path under `folder` (itself included) with its permission bits.
    static func modes(under folder: URL) throws -> [(path: String, mode: mode_t, isFolder: Bool)] {
        var found: [(String, mode_t, Bool)] = []
        var pending = [folder.path]
        while let path = pending.popLast() {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            found.append((path, info.st_mode & 0o7777, isFolder))
            if isFolder {
                for name in try FileManager.default.contentsOfDirectory(atPath: path) { pending.append(path + "/" + name) }
            }
        }
        return found
    }

    @Test(
        "photosource serve under umask 000 and 022: after an order, a thumbnail and an original, every folder in the state folder is 0700 and no file there is open to others",
        arguments: ["000", "022"])
    func modesAfterAnOrder(umask: String) async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let orders = library.stateFolder.deletingLastPathComponent().appendingPathComponent("orders")
        let launcher = ["/bin/sh", "-c", "umask \(umask); exec \"$@\"", "sh"]
        // A `urls:` list of one file: its originals go through the spool.
        let list = library.root.appendingPathComponent("photos.txt")
        try Data("portrait.jpg\n".utf8).write(to: list)
        let sources = ["local:\(library.root.path)", "urls:\(list.path)"]
        let server = try await ServeProcessTests.start(
            state: library.stateFolder, configuration: OrderCrashTests.configuration(sources: sources, orders: orders), launcher: launcher)
        defer { if server.process.isRunning { server.process.terminate() } }
        let token = try await OrderCrashTests.session(server)
        // When: a thumbnail (the disk cache), an original and an order (the spool and the asset store)
        for item in ["local-1/items/Album%2Fsunset.jpg", "urls-2/items/portrait.jpg"] {
            let (_, described, _) = try await OrderCrashTests.call(server, "/v1/sources/\(item)", token: token)
            for key in ["thumbnailURL", "originalURL"] {
                let path = try #require(described[key] as? String)
                let (status, _) = try await ServeProcessTests.request(URL(string: "\(server.baseURL)\(path)")!)
                #expect(status == 200, "\(item) \(key)")
            }
        }
        let body = #"{"reference": "modes", "product": "4x6", "items": [{"source": "local-1", "itemId": "Album/sunset.jpg"}]}"#
        let (status, created, text) = try await OrderCrashTests.call(server, "/v1/orders", method: "POST", token: token, body: body, key: "modes")
        #expect(status == 201, "\(text)")
        let order = try await OrderCrashTests.poll(server, order: try #require(created["id"] as? String), token: token, until: OrderCrashTests.isFinal)
        #expect(order["status"] as? String == "delivered")
        try await OrderCrashTests.stop(server)
        // Then
        let entries = try Self.modes(under: library.stateFolder).filter { !$0.path.hasSuffix("/config.json") }  // the test's own file
        let names = Set(entries.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        #expect(names.contains("service.sqlite") && names.contains("thumbnails") && names.contains("assets") && names.contains("originals"))
        #expect(entries.contains { $0.path.hasSuffix(".original") }, "the spool holds the original")
        #expect(entries.contains { $0.path.hasSuffix(".jpg") && $0.path.contains("/assets/") }, "the asset store holds the photo")
        #expect(entries.contains { !$0.isFolder && $0.path.contains("/thumbnails/") }, "the thumbnail cache wrote an entry")
        for entry in entries where entry.isFolder {
            #expect(entry.mode == 0o700, "\(entry.path) is \(String(entry.mode, radix: 8))")
        }
        for entry in entries where !entry.isFolder {
            #expect(entry.mode & 0o077 == 0, "\(entry.path) is \(String(entry.mode, radix: 8))")
            #expect(entry.mode & 0o400 != 0, "\(entry.path) is \(String(entry.mode, radix: 8))")
        }
        // The shop's order folder is not the service's state: its photos stay readable by all, as before.
        let delivered = try Self.modes(under: orders).filter { !$0.isFolder && $0.path.hasSuffix(".jpg") }
        #expect(!delivered.isEmpty && delivered.allSatisfy { $0.mode == 0o444 }, "\(delivered.map { String($0.mode, radix: 8) })")
    }

    @Test("a state folder others may write is refused at start, saying how to fix it; one only others may read is made private")
    func refusesAWritableStateFolder() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        try FileManager.default.createDirectory(at: library.stateFolder, withIntermediateDirectories: true)
        for mode: mode_t in [0o777, 0o770, 0o757] {
            #expect(chmod(library.stateFolder.path, mode) == 0)
            // When
            let error = await #expect(throws: PhotoSourceError.self) {
                _ = try await buildApplication(ServiceArguments(configuration: ServiceHarness.configuration(state: library.stateFolder)))
            }
            // Then
            #expect(error?.code == .accessDenied)
            #expect(error?.message.contains("may be written by other users") == true)
            #expect(error?.message.contains("chmod 700") == true)
            #expect(!FileManager.default.fileExists(atPath: library.stateFolder.appendingPathComponent("service.sqlite").path))
        }
        // When: readable by others only (what earlier versions made under umask 022)
        #expect(chmod(library.stateFolder.path, 0o755) == 0)
        _ = try await buildApplication(ServiceArguments(configuration: ServiceHarness.configuration(state: library.stateFolder)))
        // Then
        let modes = try Self.modes(under: library.stateFolder)
        #expect(modes.first { $0.path == library.stateFolder.path }?.mode == 0o700)
        #expect(modes.first { $0.path.hasSuffix("/service.sqlite") }?.mode == 0o600)
    }

    @Test("folders made for the state are 0700 all the way down, the database file 0600")
    func makesMissingParentsPrivate() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("psk-private-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let nested = base.appendingPathComponent("a/b/state")
        // When
        try PrivateDirectory.make(nested)
        let file = nested.appendingPathComponent("service.sqlite")
        try PrivateDirectory.makeFile(file)
        // Then
        for folder in [base, base.appendingPathComponent("a"), base.appendingPathComponent("a/b"), nested] {
            #expect(try Self.modes(under: folder).first?.mode == 0o700, "\(folder.path)")
        }
        #expect(try Self.modes(under: file).first?.mode == 0o600)
    }
}
