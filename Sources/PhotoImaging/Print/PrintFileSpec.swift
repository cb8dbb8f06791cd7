public import PhotoSourceKit

/// What a print file is made for: the print's size and resolution, and how the photo is cropped,
/// turned and fitted onto it.
///
/// The print's orientation follows the photo's: a landscape photo on a 4×6 product is rendered
/// 6×4 (labs turn the paper; they do not turn the picture).
public struct PrintFileSpec: Sendable, Hashable {
    /// How the photo's aspect ratio is brought to the print's.
    public enum Sizing: String, Sendable, Hashable, CaseIterable, Codable {
        /// Crop (centred) to the print's aspect ratio: the whole paper is covered.
        case fill
        /// Scale the whole photo inside the print, with white bands on two sides (letterbox).
        case fit
        /// Scale each axis on its own to the print's aspect ratio (distorts).
        case stretch
    }

    /// A turn applied after the crop, clockwise.
    public enum Rotation: Int, Sendable, Hashable, CaseIterable, Codable {
        /// No turn.
        case none = 0
        /// A quarter turn clockwise.
        case clockwise90 = 90
        /// A half turn.
        case half = 180
        /// Three quarter turns clockwise (a quarter turn anticlockwise).
        case clockwise270 = 270
    }

    /// The region of the upright photo (EXIF orientation applied) that is printed.
    public enum Crop: Sendable, Hashable {
        /// In pixels of the upright photo.
        case pixels(x: Int, y: Int, width: Int, height: Int)
        /// As fractions (0–1) of the upright photo's width and height.
        case normalised(x: Double, y: Double, width: Double, height: Double)
    }

    /// The print's size (its orientation is ignored: see the type's summary).
    public var printSize: PrintSize
    /// The resolution the file is rendered at, at most: a photo with fewer pixels is never
    /// upscaled, so the file's effective dpi may be lower (the lab's printer upscales better).
    public var dpi: Int
    /// The printed region; the whole photo when `nil`.
    public var crop: Crop?
    /// The turn applied after the crop.
    public var rotation: Rotation
    /// How the cropped photo meets the print's aspect ratio.
    public var sizing: Sizing
    /// Extra image around each edge for the cutter, in millimetres: taken from the photo beyond
    /// the crop where it has pixels there (``Sizing/fill``), else the edge mirrored.
    public var bleedMillimetres: Double
    /// JPEG quality (1–100) to start from; 4:4:4 chroma at 90 and above.
    public var quality: Int
    /// The largest file allowed: the quality is lowered step by step (never the pixels) until
    /// the file fits, down to ``minimumQuality``.
    public var maximumBytes: Int?
    /// The lowest quality the byte limit may lower to.
    public var minimumQuality: Int

    /// A spec for `printSize` at `dpi` (default 300), filling the print, JPEG quality 95.
    public init(
        printSize: PrintSize, dpi: Int = 300, crop: Crop? = nil, rotation: Rotation = .none, sizing: Sizing = .fill,
        bleedMillimetres: Double = 0, quality: Int = 95, maximumBytes: Int? = nil, minimumQuality: Int = 60
    ) {
        self.printSize = printSize
        self.dpi = dpi
        self.crop = crop
        self.rotation = rotation
        self.sizing = sizing
        self.bleedMillimetres = bleedMillimetres
        self.quality = quality
        self.maximumBytes = maximumBytes
        self.minimumQuality = minimumQuality
    }
}
