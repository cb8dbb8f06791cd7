import Foundation
import PhotoSourceKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("EncodedFileName: names that are not valid UTF-8, opened by their bytes")
struct EncodedFileNameTests {
    static let latin1Cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)

    @Test("valid UTF-8 names keep their id exactly", arguments: ["café.jpg", "100%.jpg", "a%E9.jpg", ".hidden", "%", "日本.png"])
    func validNamesUnchanged(name: String) {
        #expect(EncodedFileName.encode(name: Array(name.utf8)) == name)
        #expect(EncodedFileName.decode(name: name) == Array(name.utf8))
    }

    @Test("a name with stray bytes becomes .% plus %XX, % itself as %25, and round-trips")
    func invalidNamesEscaped() {
        #expect(EncodedFileName.encode(name: Self.latin1Cafe) == ".%caf%E9.jpg")
        let mixed: [UInt8] = Array("50% é".utf8) + [0xFF, 0xC3]
        #expect(EncodedFileName.encode(name: mixed) == ".%50%25 é%FF%C3")
        for bytes in [Self.latin1Cafe, mixed, [0x80], [0xC3, 0x28], [0xED, 0xA0, 0x80]] {
            #expect(EncodedFileName.decode(name: EncodedFileName.encode(name: bytes)) == bytes)
        }
    }

    @Test("no two names share an id: a valid name that reads as an encoded one is encoded again")
    func noCollisions() {
        let lookalike = Array(".%caf%E9.jpg".utf8)
        let encoded = EncodedFileName.encode(name: lookalike)
        #expect(encoded == ".%.%25caf%25E9.jpg")
        #expect(encoded != EncodedFileName.encode(name: Self.latin1Cafe))
        #expect(EncodedFileName.decode(name: encoded) == lookalike)
        // Non-canonical forms name themselves literally.
        for literal in [".%caf%e9.jpg", ".%caf%C3%A9.jpg", ".%bad%G1", ".%x%"] {
            #expect(EncodedFileName.decode(name: literal) == Array(literal.utf8))
        }
    }

    @Test("paths are encoded per component; people see U+FFFD, never raw bytes")
    func pathsAndDisplay() {
        let path: [UInt8] = Array("/tmp/".utf8) + [0xE9] + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let encoded = EncodedFileName.encode(path: path)
        #expect(encoded == "/tmp/.%%E9/.%caf%E9.jpg")
        #expect(EncodedFileName.decode(path: encoded) == path)
        #expect(EncodedFileName.displayName(".%caf%E9.jpg") == "caf\u{FFFD}.jpg")
        #expect(EncodedFileName.displayName("café.jpg") == "café.jpg")
        #expect(EncodedFileName.displayPath("a/.%caf%E9.jpg") == "a/caf\u{FFFD}.jpg")
    }

    @Test("the resolver and the downloader open the file by its original bytes, beside café.jpg")
    func resolverAndDownloader() async throws {
        let temp = try TemporaryFolder()
        defer { temp.remove() }
        try temp.file("café.jpg", [1, 1, 1])
        try Self.writeRaw(folder: temp.url, name: Self.latin1Cafe, bytes: [2, 2, 2, 2])
        let downloader = try FileImageDownloader(root: temp.url)
        let source = TreeSourceForFiles.make(downloader)

        let url = try downloader.resolver.url(for: ".%caf%E9.jpg")
        #expect(url.lastPathComponent == ".%caf%E9.jpg")
        let raw = DefaultPhotoSourceItem.image(id: ".%caf%E9.jpg", sourceID: "files", title: "raw")
        let valid = DefaultPhotoSourceItem.image(id: "café.jpg", sourceID: "files", title: "valid")
        #expect(try await downloader.download(raw, from: source, variant: .full).bytes == Data([2, 2, 2, 2]))
        #expect(try await downloader.download(valid, from: source, variant: .full).bytes == Data([1, 1, 1]))
        let validator = try await downloader.currentValidator(for: raw, from: source)
        #expect(validator == (try await downloader.download(raw, from: source, variant: .full).validator))
        let missing = #expect(throws: PhotoSourceError.self) { try downloader.resolver.url(for: ".%caf%E8.jpg") }
        #expect(missing?.code == .notFound)
    }

    /// Creates `folder/name` with raw name bytes (Foundation would re-encode them).
    static func writeRaw(folder: URL, name: [UInt8], bytes: [UInt8]) throws {
        let path = (Array(folder.path.utf8) + [UInt8(ascii: "/")] + name).map { CChar(bitPattern: $0) } + [0]
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(write(fd, bytes, bytes.count) == bytes.count)
    }
}
