import Crypto
import Foundation
import PhotoSourceKit

/// The keys the no-config service makes on first start and keeps in `service-keys.json` (mode
/// 0600) in its state folder, so signed URLs, sealed sign-ins and the shop's API key survive a
/// restart.
///
/// The API key itself is needed only by the shop's backend, so the service keeps just its hash
/// here, like any configured key. The plain key goes once into `api-key` beside it (mode 0600,
/// in the 0700 state folder): the operator copies it into the backend's own secret store and may
/// delete the file; the service keeps working from the hash, and a leaked `service-keys.json`
/// does not give the key away.
struct ServiceKeyFile: Codable, Sendable {
    /// The URL-signing key, base64 of 32 bytes.
    var signingKey: String
    /// The token-sealing key, base64 of 32 bytes.
    var sealingKey: String
    /// The hash of the service's own API key (`sha256:HEX`), once one was made.
    var apiKeyHash: String?

    static let fileName = "service-keys.json"
    /// The file the plain API key is written to when it is made.
    static let apiKeyFileName = "api-key"

    /// The service's own API key: its hash, the file holding the plain key, and the plain key
    /// when it was made just now (to show once).
    struct KeptAPIKey: Sendable {
        /// `sha256:HEX`.
        var hash: String
        /// `api-key` in the state folder (it may have been deleted since).
        var file: URL
        /// The key, when this call made it; `nil` when it was kept from an earlier start.
        var newKey: String?
    }

    /// A fresh random key: base64 of 32 bytes (a URL-signing or sealing key).
    static func newKey() -> String { SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString() }

    /// Reads the key file in `folder`, or makes one with fresh keys.
    static func loadOrCreate(in folder: URL) throws -> ServiceKeyFile {
        let file = folder.appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: file) {
            do {
                return try JSONDecoder().decode(ServiceKeyFile.self, from: data)
            } catch {
                throw PhotoSourceError(.invalidData, "\(file.path) is damaged; delete it to make new keys (signed URLs and sign-ins made so far stop working).", underlying: error)
            }
        }
        let keys = ServiceKeyFile(signingKey: newKey(), sealingKey: newKey())
        try keys.save(in: folder)
        return keys
    }

    /// The API key kept in `folder`'s key file, or a new one: its hash is added to the key file,
    /// and the plain key written to `api-key` (mode 0600) and returned once.
    static func keptAPIKey(in folder: URL) throws -> KeptAPIKey {
        var keys = try loadOrCreate(in: folder)
        let plainFile = folder.appendingPathComponent(apiKeyFileName)
        if let hash = keys.apiKeyHash { return KeptAPIKey(hash: hash, file: plainFile, newKey: nil) }
        let key = "psk_" + SecretHash.randomToken()
        keys.apiKeyHash = SecretHash.apiKeyHash(of: key)
        do {
            // The plain key first: a crash between the two writes then makes a new key next time
            // rather than keeping a hash whose key nobody has.
            try AtomicFile.write(Data((key + "\n").utf8), to: plainFile, mode: PrivateDirectory.fileMode)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "The service's API key could not be written to \(plainFile.path)")
        }
        try keys.save(in: folder)
        return KeptAPIKey(hash: SecretHash.apiKeyHash(of: key), file: plainFile, newKey: key)
    }

    /// Writes the key file into `folder` (made 0700 if missing), mode 0600, atomically.
    private func save(in folder: URL) throws {
        let file = folder.appendingPathComponent(Self.fileName)
        do {
            if !FileManager.default.fileExists(atPath: folder.path) { try PrivateDirectory.make(folder) }
            try AtomicFile.write(try JSONEncoder().encode(self), to: file, mode: PrivateDirectory.fileMode)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "The service's keys could not be written to \(file.path)")
        }
    }
}
