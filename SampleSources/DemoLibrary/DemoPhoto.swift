import PhotoImaging
import PhotoSourceKit

/// One photo of the demo library: where it goes and what it shows.
struct DemoPhoto: Sendable, Hashable {
    /// What the picture shows.
    enum Theme: String, Sendable, Hashable, CaseIterable {
        case city, sea, mountains, forest, portrait, party, sticker, chart, scan
    }

    /// The path relative to the library's root, e.g. `"Travel/Italy/Rome/Rome 3.jpg"`.
    var path: String
    /// The caption drawn on the picture.
    var label: String
    var theme: Theme
    /// The size as displayed (after EXIF orientation).
    var size: PixelSize
    var format: ImageFormat
    /// The EXIF orientation written into the JPEG; the stored pixels are turned to match.
    var orientation: ExifOrientation = .up
    var progressive = false

    /// Whether the picture has transparency (only stickers, always PNG).
    var hasAlpha: Bool { theme == .sticker }

    /// The size of the stored pixels (before EXIF orientation).
    var storedSize: PixelSize { orientation.swapsDimensions ? size.transposed : size }
}
