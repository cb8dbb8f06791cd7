import Crypto
public import Foundation
public import PhotoSourceKit

/// Encrypts credential files with AES-256-GCM (see ``FileCredentialStore``).
///
/// A sealed file is one version byte, a fresh random 12-byte nonce, the ciphertext and the
/// 16-byte tag; the version byte is authenticated too. Opening with a wrong key or a file with
/// any byte changed throws ``PhotoSourceKit/PhotoSourceError`` (`.invalidCredentials`), never
/// returns garbage and never crashes.
public struct AESGCMCredentialSealing: CredentialSealing {
    /// The length of a key in bytes (AES-256).
    public static let keyByteCount = 32
    /// The environment variable that may hold the key, as base64 of ``keyByteCount`` bytes.
    public static let keyEnvironmentVariable = "PHOTOSOURCE_KEY"
    /// The name of the generated key file inside the credentials folder.
    public static let keyFileName = "credentials.key"
    /// The format version written as the first byte of every sealed file.
    static let formatVersion: UInt8 = 1
    static let nonceByteCount = 12
    static let tagByteCount = 16

    /// The raw key bytes (`SymmetricKey` is not `Sendable`, so one is made per call).
    private let keyBytes: Data

    /// Creates a sealing with a raw key of exactly ``keyByteCount`` bytes.
    public init(key: Data) throws {
        guard key.count == Self.keyByteCount else {
            throw PhotoSourceError(
                .invalidData,
                "The credential key must be \(Self.keyByteCount) bytes long; this one has \(key.count).")
        }
        self.keyBytes = key
    }

    /// Creates a sealing with a key given as base64 text; `origin` names where the text came
    /// from in the error message (the text itself is never echoed).
    public init(base64Key: String, origin: String = "The credential key") throws {
        let text = base64Key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Data(base64Encoded: text), bytes.count == Self.keyByteCount else {
            throw PhotoSourceError(
                .invalidData,
                "\(origin) is malformed: it must be the base64 encoding of exactly \(Self.keyByteCount) bytes "
                    + "(make one with `openssl rand -base64 32`).")
        }
        try self.init(key: bytes)
    }

    /// The standard key: `PHOTOSOURCE_KEY` when it is set (a malformed value throws rather than
    /// falling back), otherwise the key file in `keyFolder` (generated with mode 0600 on first use).
    ///
    /// - Parameters:
    ///   - keyFolder: the credentials folder (mode 0700) that holds ``keyFileName``.
    ///   - environment: the process environment (tests pass their own).
    public static func standard(
        keyFolder: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> AESGCMCredentialSealing {
        if let value = environment[keyEnvironmentVariable],
            !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            return try AESGCMCredentialSealing(base64Key: value, origin: "The environment variable \(keyEnvironmentVariable)")
        }
        let key = try CredentialKeyFile.loadOrCreate(at: keyFolder.appendingPathComponent(keyFileName))
        return try AESGCMCredentialSealing(key: key)
    }

    /// Encrypts `plaintext` under a fresh random nonce.
    public func seal(_ plaintext: Data) throws -> Data {
        let header = Data([Self.formatVersion])
        do {
            let box = try AES.GCM.seal(plaintext, using: SymmetricKey(data: keyBytes), nonce: AES.GCM.Nonce(), authenticating: header)
            guard let combined = box.combined else {
                throw PhotoSourceError(.unknown, "Could not encrypt the sign-in: the sealed box has no combined form.")
            }
            return header + combined
        } catch let error as PhotoSourceError {
            throw error
        } catch {
            throw PhotoSourceError(.unknown, "Could not encrypt the sign-in.", detail: "\(error)", underlying: error)
        }
    }

    /// Decrypts and authenticates `sealed`.
    public func open(_ sealed: Data) throws -> Data {
        guard let version = sealed.first else { throw Self.undecryptable(detail: "the file is empty") }
        guard version == Self.formatVersion else {
            throw PhotoSourceError(
                .invalidData,
                "The saved sign-in uses an unknown format (version \(version)); update photosource or sign in again.")
        }
        let body = sealed.dropFirst()
        guard body.count >= Self.nonceByteCount + Self.tagByteCount else {
            throw Self.undecryptable(detail: "the file is truncated")
        }
        do {
            let box = try AES.GCM.SealedBox(combined: body)
            return try AES.GCM.open(box, using: SymmetricKey(data: keyBytes), authenticating: Data([version]))
        } catch {
            throw Self.undecryptable(detail: "authentication failed", underlying: error)
        }
    }

    private static func undecryptable(detail: String, underlying: (any Error)? = nil) -> PhotoSourceError {
        PhotoSourceError(
            .invalidCredentials,
            "The saved sign-in could not be decrypted: wrong key or damaged file; sign in again.",
            detail: detail, underlying: underlying)
    }
}
