internal import CImagingShim
import Foundation
import PhotoSourceKit

/// Everything needed to write a PNG of any colour type and bit depth (used by the encoder and
/// by tests that build fixtures for every PNG variant).
struct PNGWriteSpec {
    var width: Int
    var height: Int
    /// 1, 2, 4, 8 or 16.
    var bitDepth = 8
    /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    var colourType: Int
    /// Adam7 interlace.
    var interlaced = false
    /// `height` rows of `rowBytes`, packed as stored in PNG (16-bit samples big-endian).
    var rows: [UInt8]
    var rowBytes: Int
    /// RGB triples for colour type 3.
    var palette: [UInt8] = []
    /// Alpha for the first palette entries (a tRNS chunk).
    var paletteAlpha: [UInt8] = []
    /// A transparent colour for gray (one value) or RGB (three values) images (a tRNS chunk).
    var transparentColour: [UInt16] = []
    /// zlib level 0–9, or -1 for libpng's default.
    var compressionLevel = -1
    /// `PNG_FILTER_*` flags libpng may choose from per row; 0 for its default (all five).
    var filters = 0
}

/// Encodes PNGs with libpng through the C shim.
enum PNGEncoder {
    /// The none, sub and up filters (`PNG_FAST_FILTERS`): cheap to choose between per row.
    static let fastFilters = 0x08 | 0x10 | 0x20

    /// Encodes an 8-bit gray, RGB or RGBA buffer; `compressionLevel` -1 and `filters` 0 are
    /// libpng's defaults (smallest files), thumbnails use level 3 and ``fastFilters`` (about
    /// four times faster for ~15% more bytes).
    static func encode(_ image: PixelBuffer, compressionLevel: Int = -1, filters: Int = 0) throws -> Data {
        let colourType = [1: 0, 3: 2, 4: 6][image.channels] ?? 2
        return try encode(PNGWriteSpec(
            width: image.width, height: image.height, colourType: colourType,
            rows: image.pixels, rowBytes: image.bytesPerRow, compressionLevel: compressionLevel, filters: filters))
    }

    /// Encodes a PNG described by `spec`.
    static func encode(_ spec: PNGWriteSpec) throws -> Data {
        guard spec.width > 0, spec.height > 0, spec.width <= Int(UInt32.max), spec.height <= Int(UInt32.max),
              spec.rows.count >= spec.rowBytes * spec.height
        else {
            throw PhotoSourceError(.invalidData, "Cannot encode a \(spec.width)×\(spec.height) PNG from \(spec.rows.count) bytes.")
        }
        var buffer = CImagingShim_Buffer()
        var message = [CChar](repeating: 0, count: Int(CIMAGINGSHIM_ERROR_CAPACITY))
        let status = spec.rows.withUnsafeBufferPointer { rows in
            spec.palette.withUnsafeBufferPointer { palette in
                spec.paletteAlpha.withUnsafeBufferPointer { paletteAlpha in
                    var shimSpec = CImagingShim_PNGWriteSpec()
                    shimSpec.width = UInt32(spec.width)
                    shimSpec.height = UInt32(spec.height)
                    shimSpec.bitDepth = Int32(spec.bitDepth)
                    shimSpec.colorType = Int32(spec.colourType)
                    shimSpec.interlace = spec.interlaced ? 1 : 0
                    shimSpec.rows = rows.baseAddress
                    shimSpec.rowBytes = spec.rowBytes
                    shimSpec.palette = palette.baseAddress
                    shimSpec.paletteCount = Int32(spec.palette.count / 3)
                    shimSpec.paletteAlpha = paletteAlpha.baseAddress
                    shimSpec.paletteAlphaCount = Int32(spec.paletteAlpha.count)
                    let colour = spec.transparentColour
                    shimSpec.hasTransparentColor = colour.isEmpty ? 0 : 1
                    shimSpec.transparentGray = colour.first ?? 0
                    shimSpec.transparentRed = colour.first ?? 0
                    shimSpec.transparentGreen = colour.count == 3 ? colour[1] : 0
                    shimSpec.transparentBlue = colour.count == 3 ? colour[2] : 0
                    shimSpec.compressionLevel = Int32(spec.compressionLevel)
                    shimSpec.filters = Int32(spec.filters)
                    return CImagingShim_pngEncode(&shimSpec, &buffer, &message)
                }
            }
        }
        defer { CImagingShim_bufferFree(&buffer) }
        guard status == 0, let bytes = buffer.bytes else {
            throw PhotoSourceError(
                .unknown, "Could not encode a \(spec.width)×\(spec.height) PNG.",
                detail: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Data(bytes: bytes, count: buffer.count)
    }
}
