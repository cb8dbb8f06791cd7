import PhotoSourceKit

/// Where a print file's pixels come from in the upright photo, and how they are placed: the
/// geometry of ``PrintFileRenderer``, computed before any pixel is touched.
struct PrintLayout: Sendable, Hashable {
    /// The region of the upright photo that is resampled (bleed beyond the crop included, where the photo has it).
    var source: PixelRect
    /// The size that region is resampled to.
    var rendered: PixelSize
    /// ``Sizing/fit``: the white canvas the rendered photo is centred on (the trimmed print).
    var canvas: PixelSize?
    /// Mirrored edges added after resampling (the bleed the photo could not give), left, top, right, bottom.
    var padding: [Int]
    /// The trimmed print in pixels.
    var trim: PixelSize
    /// The bleed on each edge, in pixels.
    var bleed: Int
    /// Pixels per inch of the trimmed print, rounded down.
    var effectiveDPI: Int

    /// The layout of `spec` on an upright photo of `photo` pixels.
    /// - Throws: `.invalidData` for a crop outside the photo, an empty crop, or a spec out of range.
    init(photo: PixelSize, spec: PrintFileSpec) throws {
        guard spec.dpi >= 1, spec.dpi <= 2400 else { throw PhotoSourceError(.invalidData, "The print resolution must be 1–2400 dpi, not \(spec.dpi).") }
        guard spec.bleedMillimetres >= 0, spec.bleedMillimetres <= 25 else {
            throw PhotoSourceError(.invalidData, "The bleed must be 0–25 mm, not \(spec.bleedMillimetres).")
        }
        let crop = try Self.cropRect(spec.crop, photo: photo)
        // The print turns to the photo's orientation; rotation turns both, so compare unrotated.
        let short = spec.printSize.shortSideInches, long = spec.printSize.longSideInches
        guard short > 0, long > 0 else { throw PhotoSourceError(.invalidData, "The print size must be larger than zero.") }
        let landscape = crop.width > crop.height
        let (printWidth, printHeight) = landscape ? (long, short) : (short, long)
        let (targetWidth, targetHeight) = (printWidth * Double(spec.dpi), printHeight * Double(spec.dpi))
        let printAspect = printWidth / printHeight
        let (cropWidth, cropHeight) = (Double(crop.width), Double(crop.height))

        var source = crop
        var scale: Double
        var canvas: PixelSize?
        let trim: PixelSize
        switch spec.sizing {
        case .fill:
            let (width, height) = cropWidth / cropHeight > printAspect
                ? (cropHeight * printAspect, cropHeight) : (cropWidth, cropWidth / printAspect)
            source = PixelRect(
                x: crop.x + Int(((cropWidth - width) / 2).rounded()), y: crop.y + Int(((cropHeight - height) / 2).rounded()),
                width: max(1, Int(width.rounded())), height: max(1, Int(height.rounded())))
            scale = min(1, targetWidth / width)
            trim = PixelSize(width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded())))
        case .fit:
            let (width, height) = cropWidth / cropHeight > printAspect
                ? (cropWidth, cropWidth / printAspect) : (cropHeight * printAspect, cropHeight)
            scale = min(1, targetWidth / width)
            trim = PixelSize(width: max(1, Int((width * scale).rounded())), height: max(1, Int((height * scale).rounded())))
            canvas = trim
        case .stretch:
            let factor = min(1, cropWidth / targetWidth, cropHeight / targetHeight)
            trim = PixelSize(width: max(1, Int((targetWidth * factor).rounded())), height: max(1, Int((targetHeight * factor).rounded())))
            scale = Double(trim.width) / cropWidth
        }
        let exactDPI = Double(trim.width) / printWidth
        let bleed = Int((spec.bleedMillimetres / 25.4 * exactDPI).rounded())
        var rendered = canvas == nil ? trim : PixelSize(
            width: min(trim.width, max(1, Int((cropWidth * scale).rounded()))),
            height: min(trim.height, max(1, Int((cropHeight * scale).rounded()))))
        var padding = [bleed, bleed, bleed, bleed]
        if spec.sizing == .fill, bleed > 0 {
            // Take the bleed from the photo beyond the crop where it has pixels; mirror the rest.
            let wanted = Int((Double(bleed) / scale).rounded(.up))
            let left = min(wanted, source.x), top = min(wanted, source.y)
            let right = min(wanted, photo.width - source.x - source.width)
            let bottom = min(wanted, photo.height - source.y - source.height)
            let taken = [left, top, right, bottom].map { min(bleed, Int((Double($0) * scale).rounded())) }
            source = PixelRect(x: source.x - left, y: source.y - top, width: source.width + left + right, height: source.height + top + bottom)
            rendered = PixelSize(width: trim.width + taken[0] + taken[2], height: trim.height + taken[1] + taken[3])
            padding = zip(padding, taken).map { $0 - $1 }
        }
        self.source = source
        self.rendered = rendered
        self.canvas = canvas
        self.padding = padding
        self.trim = trim
        self.bleed = bleed
        self.effectiveDPI = Int(exactDPI.rounded(.down))
    }

    /// The crop in upright pixels, checked to lie inside the photo.
    static func cropRect(_ crop: PrintFileSpec.Crop?, photo: PixelSize) throws -> PixelRect {
        let rect: PixelRect
        switch crop {
        case nil:
            return PixelRect(x: 0, y: 0, width: photo.width, height: photo.height)
        case let .pixels(x, y, width, height):
            rect = PixelRect(x: x, y: y, width: width, height: height)
        case let .normalised(x, y, width, height):
            let values = [x, y, width, height]
            guard values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }), x + width <= 1.000_001, y + height <= 1.000_001 else {
                throw PhotoSourceError(.invalidData, "A normalised crop takes fractions from 0 to 1 that stay inside the photo; got x \(x), y \(y), width \(width), height \(height).")
            }
            let left = Int((x * Double(photo.width)).rounded()), top = Int((y * Double(photo.height)).rounded())
            rect = PixelRect(
                x: left, y: top,
                width: min(photo.width - left, Int((width * Double(photo.width)).rounded())),
                height: min(photo.height - top, Int((height * Double(photo.height)).rounded())))
        }
        guard rect.width >= 1, rect.height >= 1, rect.x >= 0, rect.y >= 0,
              rect.x <= photo.width - rect.width, rect.y <= photo.height - rect.height else {
            throw PhotoSourceError(
                .invalidData,
                "The crop (x \(rect.x), y \(rect.y), \(rect.width)×\(rect.height)) must lie inside the upright photo's \(photo.width)×\(photo.height) pixels and not be empty.")
        }
        return rect
    }
}
