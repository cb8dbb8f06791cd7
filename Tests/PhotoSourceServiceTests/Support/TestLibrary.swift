import Foundation
import PhotoImaging

/// A small photo folder made for one test, with real decodable images:
/// ```
/// Library/
///   Album/sunset.jpg   1200×800 JPEG
///   Album/field.png    300×200 PNG
///   portrait.jpg       600×900 JPEG
/// ```
struct TestLibrary {
    let root: URL

    init() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-svc-\(UUID().uuidString)")
        root = parent.appendingPathComponent("Library")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Album"), withIntermediateDirectories: true)
        try ImageEncoder.jpeg(Self.gradient(width: 1200, height: 800)).write(to: root.appendingPathComponent("Album/sunset.jpg"))
        try ImageEncoder.png(Self.gradient(width: 300, height: 200)).write(to: root.appendingPathComponent("Album/field.png"))
        try ImageEncoder.jpeg(Self.gradient(width: 600, height: 900)).write(to: root.appendingPathComponent("portrait.jpg"))
    }

    /// The state folder beside the library, for the store and the thumbnail cache.
    var stateFolder: URL { root.deletingLastPathComponent().appendingPathComponent("state") }

    func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

    /// Fills the folder `album` with `count` distinct copies of `portrait.jpg` (`photo-000.jpg`…),
    /// each followed by its own two bytes (readers stop at the JPEG's end); returns their item ids.
    func portraitCopies(_ count: Int, in album: String) throws -> [String] {
        let portrait = try Data(contentsOf: root.appendingPathComponent("portrait.jpg"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent(album), withIntermediateDirectories: true)
        return try (0..<count).map { index in
            let id = album + "/" + String(format: "photo-%03d.jpg", index)
            try (portrait + withUnsafeBytes(of: UInt16(index).bigEndian) { Data($0) }).write(to: root.appendingPathComponent(id))
            return id
        }
    }

    static func gradient(width: Int, height: Int) -> PixelBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / width)
                pixels[offset + 1] = UInt8(y * 255 / height)
                pixels[offset + 2] = 128
            }
        }
        return PixelBuffer(width: width, height: height, channels: 3, pixels: pixels)
    }
}
