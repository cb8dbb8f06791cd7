import Foundation

/// A fresh folder under the system temp folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photosource-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Every regular file below the folder, hidden ones included.
    func allFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }

    /// Whether any file below the folder contains `text`.
    func anyFileContains(_ text: String) throws -> Bool {
        let needle = Data(text.utf8)
        return try allFiles().contains { try Data(contentsOf: $0).range(of: needle) != nil }
    }
}
