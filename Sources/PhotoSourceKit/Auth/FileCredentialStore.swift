public import Foundation

/// Keeps credentials in files: one file per source, mode 0600, in a folder of mode 0700,
/// whatever the umask; each write is atomic (temp file + rename).
///
/// With a ``CredentialSealing`` the file content is encrypted before it is written, so no
/// plaintext ever reaches the disk, not even in a temp file.
public struct FileCredentialStore: CredentialStore {
    /// The folder the files live in.
    public let directory: URL
    private let sealing: (any CredentialSealing)?

    /// Creates a store in `directory` (created with mode 0700 if missing).
    public init(directory: URL, sealing: (any CredentialSealing)? = nil) throws {
        self.directory = directory
        self.sealing = sealing
        try AtomicFile.makeDirectory(directory, mode: 0o700)
    }

    /// The file that holds `sourceID`'s credentials.
    public func fileURL(for sourceID: String) -> URL {
        let name = Data(sourceID.utf8).base64EncodedString()
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "=", with: "")
        return directory.appendingPathComponent("\(name).credentials")
    }

    public func load(for sourceID: String) throws -> Credentials? {
        let url = fileURL(for: sourceID)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let stored: Data
        do {
            stored = try Data(contentsOf: url)
        } catch {
            throw PhotoSourceError(.accessDenied, "Could not read the saved sign-in for \(sourceID).", underlying: error)
        }
        let plain = try sealing.map { try $0.open(stored) } ?? stored
        do {
            return try JSONDecoder().decode(Credentials.self, from: plain)
        } catch {
            throw PhotoSourceError(.invalidData, "The saved sign-in for \(sourceID) is damaged; sign in again.", underlying: error)
        }
    }

    public func save(_ credentials: Credentials, for sourceID: String) throws {
        let plain = try JSONEncoder().encode(credentials)
        let stored = try sealing.map { try $0.seal(plain) } ?? plain
        try AtomicFile.write(stored, to: fileURL(for: sourceID), mode: 0o600)
    }

    public func delete(for sourceID: String) throws {
        let url = fileURL(for: sourceID)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw PhotoSourceError(.accessDenied, "Could not delete the saved sign-in for \(sourceID).", underlying: error)
        }
    }
}
