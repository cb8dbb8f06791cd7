public import PhotoSourceKit

extension PrintFileSpec {
    /// The part of the upright photo that shows on the trimmed print, in the photo's pixels.
    public struct PrintedRegion: Sendable, Hashable {
        /// Left edge.
        public let x: Int
        /// Top edge.
        public let y: Int
        /// Width.
        public let width: Int
        /// Height.
        public let height: Int

        /// A region of `width`×`height` pixels whose top-left corner is (`x`, `y`).
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// What of an upright photo of `photo` pixels the print shows: with ``Sizing/fill`` the
    /// crop (or the whole photo) cut, centred, to the print's aspect (the rest is cut off); with
    /// ``Sizing/fit`` and ``Sizing/stretch`` the whole crop. The same geometry the print file is
    /// rendered with (bleed left out: it lies beyond the cut), so a preview shows what will print.
    /// - Throws: `.invalidData` for a crop outside the photo or a spec out of range.
    public func printedRegion(ofPhoto photo: PixelSize) throws -> PrintedRegion {
        var trimmed = self
        trimmed.bleedMillimetres = 0
        let source = try PrintLayout(photo: photo, spec: trimmed).source
        return PrintedRegion(x: source.x, y: source.y, width: source.width, height: source.height)
    }
}
