import Foundation

/// A folder of photo files made for one test, removed by ``remove()``.
///
/// The files are minimal but valid headers (a PNG signature, IHDR with its CRC and IEND; a JPEG
/// SOI and baseline frame header), which is all a listing reads: sizes come from headers.
struct PhotoFolder {
    /// The folder (named `Library`, inside a fresh temporary folder).
    let root: URL

    /// The library the end-to-end tests browse:
    /// ```
    /// Library/
    ///   Travel/Italy/rome.jpg   1200×800
    ///   Travel/beach.png        640×480
    ///   Travel/dunes.jpg        4000×3000
    ///   cover.png               3000×2000
    ///   notes.txt               (not a photo: not listed)
    /// ```
    static func library() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        try folder.write("Travel/Italy/rome.jpg", ImageBytes.jpeg(width: 1200, height: 800))
        try folder.write("Travel/beach.png", ImageBytes.png(width: 640, height: 480))
        try folder.write("Travel/dunes.jpg", ImageBytes.jpeg(width: 4000, height: 3000))
        try folder.write("cover.png", ImageBytes.png(width: 3000, height: 2000))
        try folder.write("notes.txt", Array("not a photo\n".utf8))
        return folder
    }

    /// An empty `Library` folder.
    init() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-e2e-\(UUID().uuidString)")
        root = parent.appendingPathComponent("Library").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Writes `bytes` at the relative `path`, creating folders on the way.
    func write(_ path: String, _ bytes: [UInt8]) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    /// `local:<root>`.
    var sourceArgument: String { "local:" + root.path }

    /// Removes the folder and its parent.
    func remove() {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }
}

/// Hand-written image headers.
enum ImageBytes {
    /// A PNG with an 8-bit RGB IHDR and an empty IEND (no pixel data: listings never decode).
    static func png(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian32(width) + bigEndian32(height) + [8, 2, 0, 0, 0])
        bytes += chunk("IEND", [])
        return bytes
    }

    /// A complete, decodable 8-bit RGB PNG whose pixel (x, y) is `color(x, y)`; the image data
    /// is zlib with stored (uncompressed) deflate blocks, which every decoder reads.
    static func png(width: Int, height: Int, color: (_ x: Int, _ y: Int) -> [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width { raw += color(x, y) }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, raw.count - offset)
            let isLast = offset + length == raw.count
            zlib += [isLast ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            zlib += raw[offset..<offset + length]
            offset += length
        } while offset < raw.count
        zlib += bigEndian32(Int(adler32(raw)))
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian32(width) + bigEndian32(height) + [8, 2, 0, 0, 0])
        bytes += chunk("IDAT", zlib)
        bytes += chunk("IEND", [])
        return bytes
    }

    /// The width and height an encoded PNG's IHDR declares.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func int32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int32(16), int32(20))
    }

    /// A JPEG with a JFIF APP0 segment and a baseline (SOF0) frame header for 3 components.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 8] + bigEndian16(height) + bigEndian16(width)
        bytes += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xD9]
        return bytes
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian32(data.count) + typed + bigEndian32(Int(crc32(typed)))
    }

    private static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// The CRC-32 PNG chunks carry (polynomial 0xEDB88320), bit by bit: fixtures are tiny.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
