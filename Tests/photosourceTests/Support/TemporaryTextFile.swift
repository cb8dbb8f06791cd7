import Foundation

/// A file in the temporary folder holding some text, for commands that read a file.
enum TemporaryTextFile {
    /// Writes `text` to a new file named `prefix-UUID.json`; the caller removes it.
    static func write(_ text: String, prefix: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        return file
    }
}
