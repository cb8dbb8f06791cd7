import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 8: a file named `caf\xE9.png` (Latin-1, not UTF-8) beside `café.png`.
@Suite("photosource with file names that are not valid UTF-8")
struct RawFileNameCommandTests {
    /// `café.png` is 64×48, `caf\xE9.png` 48×64: the thumbnails tell which file was read.
    static func makeFolder() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        try folder.write("café.png", ImageBytes.png(width: 64, height: 48) { x, y in [UInt8(x * 4), UInt8(y * 5), 128] })
        let path = (Array(folder.root.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".png".utf8)).map { CChar(bitPattern: $0) } + [0]
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let bytes = ImageBytes.png(width: 48, height: 64) { x, y in [UInt8(y * 4), UInt8(x * 5), 32] }
        #expect(write(fd, bytes, bytes.count) == bytes.count)
        return folder
    }

    @Test("ls lists both with distinct ids and U+FFFD in the title; info finds the encoded id")
    func listAndInfo() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }

        let list = try await PhotosourceBinary.run(["ls", folder.sourceArgument])
        let info = try await PhotosourceBinary.run(["info", folder.sourceArgument, ".%caf%E9.png"])

        #expect(list.status == 0, "\(list.errors)")
        #expect(list.lines.contains { $0.contains("caf\u{FFFD}.png") && $0.contains("48×64") }, "\(list.output)")
        #expect(list.lines.contains { $0.contains("café.png") && $0.contains("64×48") }, "\(list.output)")
        #expect(info.status == 0, "\(info.errors)")
        #expect(info.lines.contains("id:     .%caf%E9.png"), "\(info.output)")
        #expect(info.lines.contains("title:  caf\u{FFFD}.png"), "\(info.output)")
        #expect(info.lines.contains { $0.hasPrefix("pixels:") && $0.contains("48×64") }, "\(info.output)")
    }

    @Test("thumbnail given the raw path reads that file and writes caf\\xE9_thumb with the same bytes")
    func thumbnailOfRawPath() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let out = folder.root.appendingPathComponent("thumbs")

        // The shell passes the raw byte 0xE9 (octal 351); Foundation's Process would re-encode it.
        let status = try await Self.shell(
            #"exec "$BIN" thumbnail --size 32 --format png --out "$OUT" "$(printf '%s/caf\351.png' "$DIR")" "$DIR/café.png""#,
            ["BIN": try PhotosourceBinary.url().path, "OUT": out.path, "DIR": folder.root.path])

        #expect(status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(names.count == 2, "\(names)")
        let rawThumb = (Array(out.path.utf8) + Array("/caf".utf8) + [0xE9] + Array("_thumb.png".utf8)).map { CChar(bitPattern: $0) } + [0]
        let fd = open(rawThumb, O_RDONLY)
        try #require(fd >= 0, "caf\\xE9_thumb.png exists under its raw name")
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 32)
        #expect(read(fd, &header, 32) == 32)
        #expect(ImageBytes.pngSize(header).map { [$0.width, $0.height] } == [24, 32], "the portrait file's thumbnail")
        let valid = try [UInt8](Data(contentsOf: out.appendingPathComponent("café_thumb.png")))
        #expect(ImageBytes.pngSize(valid).map { [$0.width, $0.height] } == [32, 24], "the landscape file's thumbnail")
    }

    /// Runs `/bin/sh -c script` with `environment`; returns the exit status.
    static func shell(_ script: String, _ environment: [String: String]) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = environment.merging(["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]) { $1 }
        return try await PhotosourceBinary.exitStatus(of: process)
    }
}
