import Crypto
import Foundation
import PhotoSourceKit

/// The keys the no-config service makes on first start and keeps in `service-keys.json` (mode
/// 0600) in its state folder, so signed URLs and sealed sign-ins survive a restart.
struct ServiceKeyFile: Codable, Sendable {
    /// The URL-signing key, base64 of 32 bytes.
    var signingKey: String
    /// The token-sealing key, base64 of 32 bytes.
    var sealingKey: String

    static let fileName = "service-keys.json"

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
        func newKey() -> String { SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString() }
        let keys = ServiceKeyFile(signingKey: newKey(), sealingKey: newKey())
        do {
            if !FileManager.default.fileExists(atPath: folder.path) { try PrivateDirectory.make(folder) }
            try AtomicFile.write(try JSONEncoder().encode(keys), to: file, mode: PrivateDirectory.fileMode)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "The service's keys could not be written to \(file.path)")
        }
        return keys
    }
}
