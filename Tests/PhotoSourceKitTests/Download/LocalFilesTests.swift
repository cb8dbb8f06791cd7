import Foundation
import PhotoSourceKit
import Testing

@Suite("Local files: path rules and the file downloader")
struct LocalFilesTests {
    @Test("ids that leave the root are refused before touching the disk",
          arguments: ["../etc/passwd", "/etc/passwd", "a/../../x", "a/..", "..", "x\u{0}y"])
    func traversalRefused(id: String) throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let resolver = try LocalPathResolver(root: temp.url)
        let error = #expect(throws: PhotoSourceError.self) { try resolver.url(for: id) }
        #expect(error?.code == .accessDenied)
    }

    @Test("a symlink that leaves the root is refused; one inside it works")
    func symlinks() throws {
        let temp = try TemporaryFolder()
        let outside = try TemporaryFolder()
        defer { temp.remove(); outside.remove() }
        let secret = try outside.file("secret.jpg")
        let inside = try temp.file("real/photo.jpg")
        try FileManager.default.createSymbolicLink(at: temp.url.appendingPathComponent("escape.jpg"), withDestinationURL: secret)
        try FileManager.default.createSymbolicLink(at: temp.url.appendingPathComponent("alias.jpg"), withDestinationURL: inside)
        let resolver = try LocalPathResolver(root: temp.url)
        let error = #expect(throws: PhotoSourceError.self) { try resolver.url(for: "escape.jpg") }
        #expect(error?.code == .accessDenied)
        #expect(try resolver.url(for: "alias.jpg").path.hasSuffix("real/photo.jpg"))
    }

    @Test("a missing root or file is notFound; a missing file is named by its id, never by the server's path")
    func missing() throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let gone = #expect(throws: PhotoSourceError.self) { try LocalPathResolver(root: temp.url.appendingPathComponent("nope")) }
        #expect(gone?.code == .notFound)
        let resolver = try LocalPathResolver(root: temp.url)
        let file = #expect(throws: PhotoSourceError.self) { try resolver.url(for: "album/missing.jpg") }
        #expect(file?.code == .notFound)
        #expect(file?.message == "\"album/missing.jpg\" does not exist (any more).")
        #expect(file?.message.contains(temp.url.path) == false)
    }

    @Test("the downloader returns the bytes and a validator that changes when the file does")
    func downloaderValidator() async throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        let file = try temp.file("a/photo.jpg", [1, 2, 3, 4])
        let downloader = try FileImageDownloader(root: temp.url)
        let source = TreeSourceForFiles.make(downloader)
        let item = DefaultPhotoSourceItem.image(id: "a/photo.jpg", sourceID: "files", title: "photo")
        let first = try await downloader.download(item, from: source, variant: .thumbnail)
        #expect(first.bytes == Data([1, 2, 3, 4]))
        try Data([9, 9, 9, 9, 9]).write(to: file)
        let second = try await downloader.download(item, from: source, variant: .full)
        #expect(second.bytes.count == 5)
        #expect(first.validator != second.validator)
    }

    @Test("too large, vanished and non-regular files (a folder, a FIFO nobody writes to) are typed errors",
          .timeLimit(.minutes(1)))
    func downloaderErrors() async throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        _ = try temp.file("big.jpg", [UInt8](repeating: 7, count: 2048))
        try FileManager.default.createDirectory(at: temp.url.appendingPathComponent("folder.jpg"), withIntermediateDirectories: true)
        #expect(mkfifo(temp.url.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
        let downloader = try FileImageDownloader(root: temp.url, maximumBytes: 1024)
        let source = TreeSourceForFiles.make(downloader)
        func code(_ id: String) async -> PhotoSourceError.Code? {
            let item = DefaultPhotoSourceItem.image(id: id, sourceID: "files", title: id)
            do {
                _ = try await downloader.download(item, from: source, variant: .full)
                return nil
            } catch let error as PhotoSourceError {
                return error.code
            } catch {
                return .unknown
            }
        }
        #expect(await code("big.jpg") == .tooLarge)
        #expect(await code("vanished.jpg") == .notFound)
        #expect(await code("folder.jpg") == .invalidData)
        #expect(await code("pipe.jpg") == .invalidData)  // a blocking open would wait for a writer forever
    }
}

enum TreeSourceForFiles {
    static func make(_ downloader: FileImageDownloader) -> DefaultPhotoSource {
        DefaultPhotoSource(id: "files", title: "Files", listing: .complete { _ in [] }, downloader: downloader)
    }
}
