internal import CImagingShim
import Foundation
import PhotoSourceKit

/// Converts decoded pixels from an embedded ICC profile to sRGB with Little CMS (in the C shim).
struct ColourConversion: ~Copyable {
    /// How the pixels are laid out.
    enum Input {
        case rgb, invertedCMYK, gray

        var channels: Int {
            switch self {
            case .rgb: 3
            case .invertedCMYK: 4
            case .gray: 1
            }
        }

        fileprivate var shim: CImagingShim_ColourInput {
            switch self {
            case .rgb: CImagingShim_ColourInputRGB
            case .invertedCMYK: CImagingShim_ColourInputInvertedCMYK
            case .gray: CImagingShim_ColourInputGray
            }
        }
    }

    private let handle: OpaquePointer
    let input: Input

    /// A conversion from `profile` for pixels laid out as `input`.
    /// - Throws: `.invalidData` with lcms's reason when the profile is unreadable or describes other pixels.
    init(profile: Data, input: Input) throws {
        var message = [CChar](repeating: 0, count: 256)
        let made = profile.withUnsafeBytes { bytes in
            CImagingShim_colourTransformCreate(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, input.shim, &message, message.count)
        }
        guard let made else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PhotoSourceError(.invalidData, "The photo's embedded colour profile cannot be used: \(reason).")
        }
        handle = made
        self.input = input
    }

    deinit { CImagingShim_colourTransformDestroy(handle) }

    /// `image` (laid out as ``input``) converted to sRGB, 3 channels.
    func convert(_ image: PixelBuffer) -> PixelBuffer {
        precondition(image.channels == input.channels, "the conversion was made for \(input.channels) channels")
        let count = image.width * image.height
        let output = [UInt8](unsafeUninitializedCapacity: count * 3) { buffer, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                CImagingShim_colourTransformApply(handle, pixels.baseAddress, buffer.baseAddress, count)
            }
            initialized = count * 3
        }
        return PixelBuffer(width: image.width, height: image.height, channels: 3, pixels: output)
    }

    /// The pixels of `region` of `image` (RGB, for an ``Input/rgb`` conversion) converted to sRGB
    /// in `image`'s own memory, packed from its start: the crop and the conversion in one pass,
    /// with no second full-size buffer. `region` must lie inside the image.
    func convertInPlace(_ image: consuming PixelBuffer, region: PixelRect) -> PixelBuffer {
        precondition(input == .rgb && image.channels == 3, "in place only from RGB to RGB")
        precondition(region.x >= 0 && region.y >= 0 && region.width > 0 && region.height > 0
            && region.x + region.width <= image.width && region.y + region.height <= image.height, "the region lies inside the image")
        let (width, stride) = (image.width, image.bytesPerRow)
        var pixels = image.pixels
        image.pixels = []  // `pixels` is the only reference: no copy on write below
        pixels.withUnsafeMutableBufferPointer { buffer in
            // Row r moves from (region.y + r, region.x) to r * region.width: never later than it was.
            CImagingShim_colourTransformApplyRows(
                handle, buffer.baseAddress! + (region.y * width + region.x) * 3, stride,
                buffer.baseAddress!, region.width * 3, region.width, region.height)
        }
        pixels.removeLast(pixels.count - region.width * region.height * 3)
        return PixelBuffer(width: region.width, height: region.height, channels: 3, pixels: pixels)
    }

    /// The sRGB profile that print files embed (lcms's own, made once).
    static let sRGBProfile: [UInt8] = {
        let size = CImagingShim_sRGBProfile(nil, 0)
        var bytes = [UInt8](repeating: 0, count: size)
        _ = bytes.withUnsafeMutableBufferPointer { CImagingShim_sRGBProfile($0.baseAddress, size) }
        return bytes
    }()

    /// The colour space an ICC profile declares (`nil` when lcms cannot read it).
    static func colourSpace(of profile: Data) -> Input? {
        let code = profile.withUnsafeBytes { CImagingShim_profileColourSpace($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
        switch code {
        case 1: return .rgb
        case 2: return .invertedCMYK
        case 3: return .gray
        default: return nil
        }
    }
}
