public import Foundation
public import PhotoSourceKit

/// A rendered print file: an sRGB JPEG with the sRGB profile embedded, ready for a lab.
public struct PrintFile: Sendable, Hashable {
    /// Where the colours came from.
    public enum ColourSource: String, Sendable, Hashable, Codable {
        /// Converted from the photo's embedded ICC profile.
        case embeddedProfile
        /// The photo had no profile (or one that does not describe its pixels): taken as sRGB.
        case assumedSRGB
    }

    /// The JPEG file.
    public var data: Data
    /// Its size in pixels, bleed included.
    public var pixelSize: PixelSize
    /// The bleed in pixels on each edge (included in ``pixelSize``).
    public var bleedPixels: Int
    /// The resolution the trimmed print gets: the spec's dpi, or less where the photo has fewer pixels.
    public var effectiveDPI: Int
    /// The JPEG quality used (lower than asked when a byte limit made it so).
    public var quality: Int
    /// Where the colours came from.
    public var colourSource: ColourSource
    /// Why an embedded profile was not used, when it was not.
    public var profileProblem: String?
}
