public import Foundation
import PhotoSourceKit

/// Renders print files: the photo upright, cropped, turned and fitted to the print, scaled down
/// (never up) to the print's size at its dpi, converted to sRGB from its embedded ICC profile
/// (Little CMS), with optional bleed, as a 4:4:4 JPEG that embeds the sRGB profile.
///
/// Photos without a profile are taken as sRGB. A profile that cannot be used (damaged, or for
/// other pixels than the photo's) is ignored the same way and named in ``PrintFile/profileProblem``.
/// Blocking and CPU-heavy: call it from a thread that may block (the service's decode pool).
public enum PrintFileRenderer {
    /// Renders `data` (JPEG or PNG) for `spec`.
    ///
    /// - Throws: ``PhotoSourceKit/PhotoSourceError``: `.unsupportedFormat` for anything but JPEG
    ///   and PNG; `.tooLarge` past `limits`, or when no quality down to the spec's minimum meets
    ///   its byte limit; `.invalidData` for a damaged image, or a crop outside the photo.
    public static func render(_ data: Data, spec: PrintFileSpec, limits: ImageLimits = .default) throws -> PrintFile {
        guard (1...100).contains(spec.quality), (1...spec.quality).contains(spec.minimumQuality) else {
            throw PhotoSourceError(.invalidData, "The JPEG quality must be 1–100 and the minimum quality at most the quality.")
        }
        let header = try ImageDecoder.checkedHeader(data, limits: limits)
        let profile = EmbeddedColourProfile.read(data, format: header.format)
        let plan = ResizePlan(fitting: header.encodedSize, longSide: nil)
        let stored = switch header.format {
        case .jpeg: try JPEGDecoder.decode(data, header: header, plan: plan, limits: limits, keepCMYK: true)
        case .png: try PNGDecoder.decode(data, plan: plan, limits: limits)
        }
        var (image, colour) = colourManaged(stored, format: header.format, profile: profile)
        image = image.oriented(header.orientation)
        let layout = try PrintLayout(photo: PixelSize(width: image.width, height: image.height), spec: spec)
        let unscaled = layout.rendered == PixelSize(width: layout.source.width, height: layout.source.height)
        if unscaled, colour.pending != nil, let profile {
            // Cropped, not scaled (a large print): the crop and the conversion in one pass, in place.
            (image, colour) = convertedLate(consume image, region: layout.source, profile: profile, step: colour)
        } else {
            image = image.cropped(to: layout.source)
                .resized(to: ResizePlan(width: layout.rendered.width, height: layout.rendered.height, squareCrop: false))
            if colour.pending != nil, let profile {
                (image, colour) = convertedLate(image, region: nil, profile: profile, step: colour)
            }
        }
        if let canvas = layout.canvas { image = image.centred(onWhiteWidth: canvas.width, height: canvas.height) }
        let padding = layout.padding
        image = image.mirrorPadded(left: padding[0], top: padding[1], right: padding[2], bottom: padding[3])
        image = image.oriented(turn(spec.rotation))
        let (jpeg, quality) = try encode(image, dpi: layout.effectiveDPI, spec: spec)
        return PrintFile(
            data: jpeg, pixelSize: PixelSize(width: image.width, height: image.height), bleedPixels: layout.bleed,
            effectiveDPI: layout.effectiveDPI, quality: quality,
            colourSource: colour.used ? .embeddedProfile : .assumedSRGB, profileProblem: colour.problem)
    }

    /// What the colour step did, or still has to do.
    private struct ColourStep {
        var used = false
        var problem: String?
        var pending: ColourConversion.Input?
    }

    /// The first colour step, on the decoded pixels: RGBA is composited on white, CMYK and gray
    /// are converted (at full size: they must be, before resampling), and an RGB profile is left
    /// ``ColourStep/pending`` for ``convertedLate(_:profile:)`` after resampling (fewer pixels).
    private static func colourManaged(_ image: PixelBuffer, format: ImageFormat, profile: Data?) -> (PixelBuffer, ColourStep) {
        var step = ColourStep()
        let input: ColourConversion.Input = format == .jpeg && image.channels == 4
            ? .invertedCMYK : image.channels == 1 ? .gray : .rgb
        let pixels = format == .png && image.channels == 4 ? image.flattenedToRGB() : image
        guard let profile else { return (uncorrected(pixels, input), step) }
        let declared = ColourConversion.colourSpace(of: profile)
        guard declared == input else {
            step.problem = declared == nil
                ? "the embedded colour profile could not be read"
                : "the embedded colour profile is for other pixels than the photo's"
            return (uncorrected(pixels, input), step)
        }
        if input == .rgb {
            step.pending = .rgb
            return (pixels, step)
        }
        do {
            let conversion = try ColourConversion(profile: profile, input: input)
            step.used = true
            return (conversion.convert(pixels), step)
        } catch {
            step.problem = (error as? PhotoSourceError)?.message ?? "\(error)"
            return (uncorrected(pixels, input), step)
        }
    }

    /// The pending RGB conversion, after resampling; with a `region`, the image is not yet
    /// cropped to it, and the crop is made by the conversion (in place).
    private static func convertedLate(
        _ image: consuming PixelBuffer, region: PixelRect?, profile: Data, step: ColourStep
    ) -> (PixelBuffer, ColourStep) {
        var step = step
        step.pending = nil
        let conversion: ColourConversion
        do {
            conversion = try ColourConversion(profile: profile, input: .rgb)
        } catch {
            step.problem = (error as? PhotoSourceError)?.message ?? "\(error)"
            guard let region else { return (image, step) }
            return (image.cropped(to: region), step)
        }
        step.used = true
        guard let region else { return (conversion.convert(image), step) }
        return (conversion.convertInPlace(consume image, region: region), step)
    }

    /// `pixels` as RGB without a profile: CMYK by the usual formula, gray copied to each channel.
    private static func uncorrected(_ pixels: PixelBuffer, _ input: ColourConversion.Input) -> PixelBuffer {
        switch input {
        case .invertedCMYK: pixels.convertedFromInvertedCMYK()
        case .gray: pixels.flattenedToRGB()
        case .rgb: pixels
        }
    }

    /// The EXIF orientation that performs a clockwise turn.
    private static func turn(_ rotation: PrintFileSpec.Rotation) -> ExifOrientation {
        switch rotation {
        case .none: .up
        case .clockwise90: .right
        case .half: .down
        case .clockwise270: .left
        }
    }

    /// Encodes at the spec's quality, lowering it in steps of 5 until the byte limit is met.
    private static func encode(_ image: PixelBuffer, dpi: Int, spec: PrintFileSpec) throws -> (Data, Int) {
        var quality = spec.quality
        while true {
            let encoded = try JPEGEncoder.compress(
                image.pixels, width: image.width, height: image.height, layout: .rgb, quality: quality, progressive: false)
            let file = JPEGProfileSegments.embedding(ColourConversion.sRGBProfile, dpi: dpi, into: encoded)
            guard let limit = spec.maximumBytes, file.count > limit else { return (file, quality) }
            guard quality > spec.minimumQuality else {
                throw PhotoSourceError(
                    .tooLarge,
                    "The print file is \(file.count) bytes at quality \(quality), over the destination's limit of \(limit) bytes; the quality is not lowered below \(spec.minimumQuality) and the pixels are never reduced.")
            }
            quality = max(spec.minimumQuality, quality - 5)
        }
    }
}
