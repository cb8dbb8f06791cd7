public import Foundation
public import PhotoSourceKit

extension FileCredentialStore {
    /// A store in `directory` (mode 0700) whose files are sealed with AES-GCM under the key
    /// from `PHOTOSOURCE_KEY`, or under the key file generated in `directory`.
    ///
    /// - Parameter environment: the process environment (tests pass their own).
    public static func encrypted(
        in directory: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> FileCredentialStore {
        try AtomicFile.makeDirectory(directory, mode: 0o700)
        let sealing = try AESGCMCredentialSealing.standard(keyFolder: directory, environment: environment)
        return try FileCredentialStore(directory: directory, sealing: sealing)
    }
}
