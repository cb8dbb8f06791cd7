import Foundation
import PhotoSourceKit
import Testing

/// The albums of an archive that keeps one album name per line in `albums.txt` (at most 1 MB).
func archiveAlbums(in root: URL) throws -> [String] {
    let index = try FileContents.read(root.appendingPathComponent("albums.txt"), maximumBytes: 1 << 20)
    return String(decoding: index.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}

@Suite("The guide's own-files example")
struct GuideFilesExampleTests {
    @Test func readsTheIndexAndNamesAMissingOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = #expect(throws: PhotoSourceError.self) { try archiveAlbums(in: root) }
        #expect(missing?.code == .notFound)

        try Data("Weddings\nSchools\n".utf8).write(to: root.appendingPathComponent("albums.txt"))

        #expect(try archiveAlbums(in: root) == ["Weddings", "Schools"])
    }
}
