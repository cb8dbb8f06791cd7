import Foundation
import PhotoSourceKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("FileCredentialStore", .serialized)
struct FileCredentialStoreTests {
    @Test("files are 0600 in a 0700 folder even under umask 000, and nothing else is left behind")
    func permissionsUnderOpenUmask() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let old = umask(0)
        defer { umask(old) }
        let folder = temp.url.appendingPathComponent("credentials")
        let store = try FileCredentialStore(directory: folder)
        try store.save(Credentials(accessToken: "a", refreshToken: "r"), for: "cloud:http://127.0.0.1:8080")
        let file = store.fileURL(for: "cloud:http://127.0.0.1:8080")
        #expect(try permissions(of: folder) == 0o700)
        #expect(try permissions(of: file) == 0o600)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(entries == [file.lastPathComponent], "no temp files remain")
    }

    @Test("save, load, replace and delete round-trip per source")
    func roundTrip() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let store = try FileCredentialStore(directory: temp.url)
        #expect(try store.load(for: "a") == nil)
        let first = Credentials(accessToken: "1", refreshToken: "r1", expiresAt: Date(timeIntervalSince1970: 1_800_000_000), account: "ada")
        try store.save(first, for: "a")
        try store.save(Credentials(accessToken: "other"), for: "b")
        #expect(try store.load(for: "a") == first)
        try store.save(Credentials(accessToken: "2"), for: "a")
        #expect(try store.load(for: "a")?.accessToken == "2")
        try store.delete(for: "a")
        try store.delete(for: "a")
        #expect(try store.load(for: "a") == nil)
        #expect(try store.load(for: "b")?.accessToken == "other")
    }

    @Test("a damaged file is a clear error, not a crash")
    func damagedFile() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let store = try FileCredentialStore(directory: temp.url)
        try Data("{not json".utf8).write(to: store.fileURL(for: "a"))
        let error = #expect(throws: PhotoSourceError.self) { try store.load(for: "a") }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("sign in again") == true)
    }

    @Test("a sealing hook sees every byte written: no plaintext reaches the disk")
    func sealingHook() throws {
        struct XorSealing: CredentialSealing {
            func seal(_ plaintext: Data) throws -> Data { Data(plaintext.map { $0 ^ 0x5A }) }
            func open(_ sealed: Data) throws -> Data { Data(sealed.map { $0 ^ 0x5A }) }
        }
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let store = try FileCredentialStore(directory: temp.url, sealing: XorSealing())
        try store.save(Credentials(accessToken: "PLAINTOKEN"), for: "a")
        let raw = try Data(contentsOf: store.fileURL(for: "a"))
        #expect(!String(decoding: raw, as: UTF8.self).contains("PLAINTOKEN"))
        #expect(try store.load(for: "a")?.accessToken == "PLAINTOKEN")
    }

    @Test("the in-memory store and the session store are namespaced per source")
    func inMemoryStores() throws {
        let credentials = InMemoryCredentialStore()
        try credentials.save(Credentials(accessToken: "x"), for: "a")
        #expect(try credentials.load(for: "b") == nil)
        let shared = InMemorySessionStore()
        let a = SourceSession(store: shared, namespace: "a")
        let b = SourceSession(store: shared, namespace: "b")
        a["cursor"] = "42"
        #expect(a["cursor"] == "42")
        #expect(b["cursor"] == nil)
        a.removeAll()
        #expect(a["cursor"] == nil)
    }
}
