import Foundation
import PhotoSourceKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("FileContents: a size-capped file read for sources' own files")
struct FileContentsTests {
    @Test("reads the whole file up to the limit, and its version changes when the file is edited")
    func readsAndVersions() throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let index = try folder.file("index.json", Array(#"{"albums":["a"]}"#.utf8))

        // When
        let first = try FileContents.read(index, maximumBytes: 16)
        try Data(#"{"albums":["a","b"]}"#.utf8).write(to: index)
        let edited = try FileContents.read(index, maximumBytes: 64)
        let empty = try FileContents.read(try folder.file("empty", []), maximumBytes: 0)

        // Then
        #expect(String(decoding: first.bytes, as: UTF8.self) == #"{"albums":["a"]}"#)
        #expect(edited.bytes.count == 20)
        #expect(first.version != edited.version)
        #expect(empty.bytes.isEmpty)
    }

    @Test("over the limit is .tooLarge before reading; missing is .notFound; a folder or a FIFO is .invalidData, without hanging")
    func errors() throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let big = try folder.file("big.json", Array(repeating: 0x20, count: 17))
        let fifo = folder.url.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)

        // When
        func code(_ url: URL, name: String? = nil) -> (PhotoSourceError.Code, String)? {
            do {
                _ = try FileContents.read(url, maximumBytes: 16, name: name)
                return nil
            } catch let error as PhotoSourceError {
                return (error.code, error.message)
            } catch {
                return nil
            }
        }

        // Then
        #expect(code(big, name: "the index")?.0 == .tooLarge)
        #expect(code(big, name: "the index")?.1 == "the index is 17 bytes, more than the limit of 16.")
        #expect(code(folder.url.appendingPathComponent("gone.json"), name: "gone.json")?.0 == .notFound)
        #expect(code(folder.url.appendingPathComponent("gone.json"), name: "gone.json")?.1 == "gone.json does not exist (any more).")
        #expect(code(folder.url)?.0 == .invalidData)
        #expect(code(fifo)?.0 == .invalidData)
    }

    @Test("FileImageDownloader reads through it: the same limit and the version as validator")
    func downloaderUsesIt() throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photo = try folder.file("a.jpg", [0xFF, 0xD8, 0xFF, 0xE0])
        let downloader = try FileImageDownloader(root: folder.url, maximumBytes: 3)

        // When / Then
        let error = #expect(throws: PhotoSourceError.self) { try downloader.read(photo, name: "a.jpg") }
        #expect(error?.code == .tooLarge)
        let image = try FileImageDownloader(root: folder.url).read(photo, name: "a.jpg")
        #expect(image.validator == (try FileContents.read(photo, maximumBytes: 10)).version)
    }
}
