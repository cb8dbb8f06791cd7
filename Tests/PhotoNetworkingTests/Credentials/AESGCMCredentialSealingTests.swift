import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("AES-GCM credential sealing")
struct AESGCMCredentialSealingTests {
    private let plaintext = Data(#"{"accessToken":"secret-access-token"}"#.utf8)

    private func sealing(_ byte: UInt8) throws -> AESGCMCredentialSealing {
        try AESGCMCredentialSealing(key: Data(repeating: byte, count: 32))
    }

    @Test("seal then open gives the plaintext back; every seal uses a fresh nonce")
    func roundTrip() throws {
        let sealing = try sealing(7)
        let first = try sealing.seal(plaintext)
        let second = try sealing.seal(plaintext)
        #expect(try sealing.open(first) == plaintext)
        #expect(first != second)
        #expect(first.first == 1)
        #expect(first.count == 1 + 12 + plaintext.count + 16)
        #expect(first.range(of: Data("secret-access-token".utf8)) == nil)
    }

    @Test("a wrong key gives the decryption error")
    func wrongKey() throws {
        let sealed = try sealing(7).seal(plaintext)
        let error = #expect(throws: PhotoSourceError.self) { try sealing(8).open(sealed) }
        #expect(error?.code == .invalidCredentials)
        #expect(error?.message == "The saved sign-in could not be decrypted: wrong key or damaged file; sign in again.")
    }

    @Test("flipping any single byte is detected, never returns garbage")
    func flippedBytes() throws {
        let sealing = try sealing(7)
        let sealed = try sealing.seal(plaintext)
        for index in sealed.indices {
            var damaged = sealed
            damaged[index] ^= 0x01
            let error = #expect(throws: PhotoSourceError.self) { try sealing.open(damaged) }
            // The version byte is checked first; any other byte fails authentication.
            #expect(error?.code == (index == sealed.startIndex ? .invalidData : .invalidCredentials))
        }
    }

    @Test("truncated and empty files are refused", arguments: [0, 1, 13, 28, 40])
    func truncated(_ length: Int) throws {
        let sealing = try sealing(7)
        let sealed = try sealing.seal(plaintext)
        let error = #expect(throws: PhotoSourceError.self) { try sealing.open(sealed.prefix(length)) }
        #expect(error?.code == .invalidCredentials)
    }

    @Test("keys must be 32 bytes")
    func keyLength() {
        for count in [0, 16, 31, 33] {
            #expect(throws: PhotoSourceError.self) { try AESGCMCredentialSealing(key: Data(count: count)) }
        }
    }

    @Test("a malformed PHOTOSOURCE_KEY is a clear error that does not echo the value", arguments: [
        "not base64 at all!", Data(count: 16).base64EncodedString(), Data(count: 33).base64EncodedString(),
    ])
    func malformedEnvironmentKey(_ value: String) throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: PhotoSourceError.self) {
            try FileCredentialStore.encrypted(in: folder.url, environment: ["PHOTOSOURCE_KEY": value])
        }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("PHOTOSOURCE_KEY") == true)
        #expect(error?.message.contains("32 bytes") == true)
        #expect(error?.description.contains(value) == false)
        // No key file is generated as a fallback.
        #expect(folder.allFiles().isEmpty)
    }
}
