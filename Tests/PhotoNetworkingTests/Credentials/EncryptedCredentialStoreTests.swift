import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking
#if canImport(Glibc)
import Glibc
#endif

@Suite("Encrypted FileCredentialStore", .serialized)
struct EncryptedCredentialStoreTests {
    private let credentials = Credentials(
        accessToken: "access-token-PLAINTEXT-1", refreshToken: "refresh-token-PLAINTEXT-1",
        expiresAt: Date(timeIntervalSince1970: 2_000_000_000), account: "tester", scope: "photos.read")

    private func mode(_ url: URL) -> mode_t {
        var info = stat()
        return stat(url.path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test("under umask 000 the folder is 0700 and the key, credential and lock files are 0600")
    func permissions() async throws {
        let parent = try TemporaryFolder()
        let folder = parent.url.appendingPathComponent("credentials")
        let previous = umask(0)
        defer { umask(previous) }
        let store = try FileCredentialStore.encrypted(in: folder, environment: [:])
        try store.save(credentials, for: "cloud")
        let lock = try await store.acquireRefreshLock(for: "cloud")
        lock.release()
        #expect(mode(folder) == 0o700)
        #expect(mode(folder.appendingPathComponent(AESGCMCredentialSealing.keyFileName)) == 0o600)
        #expect(mode(store.fileURL(for: "cloud")) == 0o600)
        #expect(mode(store.lockFileURL(for: "cloud")) == 0o600)
    }

    @Test("the generated key is reused by later stores over the same folder")
    func keyFileReused() throws {
        let folder = try TemporaryFolder()
        try FileCredentialStore.encrypted(in: folder.url, environment: [:]).save(credentials, for: "cloud")
        let reopened = try FileCredentialStore.encrypted(in: folder.url, environment: [:])
        #expect(try reopened.load(for: "cloud") == credentials)
    }

    @Test("PHOTOSOURCE_KEY takes precedence over the key file; another key cannot read the file")
    func environmentKey() throws {
        let folder = try TemporaryFolder()
        let keyA = Data(repeating: 0xA1, count: 32).base64EncodedString()
        let keyB = Data(repeating: 0xB2, count: 32).base64EncodedString()
        try FileCredentialStore.encrypted(in: folder.url, environment: ["PHOTOSOURCE_KEY": keyA]).save(credentials, for: "cloud")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(AESGCMCredentialSealing.keyFileName).path))
        #expect(try FileCredentialStore.encrypted(in: folder.url, environment: ["PHOTOSOURCE_KEY": keyA]).load(for: "cloud") == credentials)
        for environment in [["PHOTOSOURCE_KEY": keyB], [:]] {
            let error = #expect(throws: PhotoSourceError.self) {
                try FileCredentialStore.encrypted(in: folder.url, environment: environment).load(for: "cloud")
            }
            #expect(error?.message.contains("could not be decrypted: wrong key or damaged file") == true)
        }
    }

    @Test("a flipped byte in the saved file is reported as damaged, not a crash")
    func flippedByteOnDisk() async throws {
        let folder = try TemporaryFolder()
        let store = try FileCredentialStore.encrypted(in: folder.url, environment: [:])
        try store.save(credentials, for: "cloud")
        var bytes = try Data(contentsOf: store.fileURL(for: "cloud"))
        bytes[bytes.count / 2] ^= 0x80
        try bytes.write(to: store.fileURL(for: "cloud"))
        let error = #expect(throws: PhotoSourceError.self) { try store.load(for: "cloud") }
        #expect(error?.code == .invalidCredentials)
        // A session over the damaged file starts signed out, asking for a new sign-in.
        #expect(await AuthSession(sourceID: "cloud", store: store).state == .signedOut)
    }

    @Test("no token ever reaches the disk in plaintext, temp files included")
    func noPlaintextOnDisk() throws {
        let folder = try TemporaryFolder()
        let store = try FileCredentialStore.encrypted(in: folder.url, environment: [:])
        for round in 0..<20 {
            var next = credentials
            next.accessToken = "access-token-PLAINTEXT-\(round)"
            try store.save(next, for: "source-\(round % 3)")
        }
        #expect(!folder.allFiles().isEmpty)
        for needle in ["PLAINTEXT", "access-token", "refresh-token", "accessToken", "tester"] {
            #expect(try !folder.anyFileContains(needle), "found \(needle) on disk")
        }
    }

    @Test("concurrent writers: the file always decodes to one of the tokens written")
    func concurrentWriters() async throws {
        let folder = try TemporaryFolder()
        let store = try FileCredentialStore.encrypted(in: folder.url, environment: [:])
        let written = Set((0..<40).map { "token-\($0)" })
        let seen = try await withThrowingTaskGroup(of: String?.self) { group in
            for token in written {
                group.addTask {
                    try store.save(Credentials(accessToken: token), for: "cloud")
                    return try store.load(for: "cloud")?.accessToken
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        for token in seen { #expect(token.map(written.contains) == true) }
        let final = try #require(try store.load(for: "cloud"))
        #expect(written.contains(final.accessToken))
        // Only the key file and one credentials file are left: no stray temp files.
        #expect(folder.allFiles().count == 2)
    }
}
