internal import CImagingShim
import Foundation
import PhotoSourceKit

/// Encodes Y, Cb and Cr planes as a JPEG without colour conversion or chroma downsampling
/// (libjpeg's raw data input, through the C shim): the planes were resampled to their final
/// sizes. Same tables, accurate DCT and baseline coding as ``JPEGEncoder``'s `tjCompress2`.
enum JPEGRawEncoder {
    /// Encodes one-channel planes; chroma at half the luma size (rounded up) is written 4:2:0,
    /// at the luma size 4:4:4.
    static func encode(y: PixelBuffer, cb: PixelBuffer, cr: PixelBuffer, quality: Int) throws -> Data {
        let subsampled = cb.width != y.width || cb.height != y.height
        precondition(y.channels == 1 && cb.channels == 1 && cr.channels == 1 && cb.width == cr.width && cb.height == cr.height)
        precondition(!subsampled || (cb.width == (y.width + 1) / 2 && cb.height == (y.height + 1) / 2))
        // libjpeg reads whole MCUs (16×16 luma and 8×8 chroma at 4:2:0, 8×8 at 4:4:4).
        let lumaBlock = subsampled ? 16 : 8
        let lumaColumns = (y.width + lumaBlock - 1) / lumaBlock * lumaBlock
        let lumaRows = (y.height + lumaBlock - 1) / lumaBlock * lumaBlock
        let chromaColumns = subsampled ? lumaColumns / 2 : lumaColumns, chromaRows = subsampled ? lumaRows / 2 : lumaRows
        let luma = padded(y, columns: lumaColumns, rows: lumaRows)
        let blue = padded(cb, columns: chromaColumns, rows: chromaRows), red = padded(cr, columns: chromaColumns, rows: chromaRows)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        var error = [CChar](repeating: 0, count: Int(CIMAGINGSHIM_ERROR_CAPACITY))
        let status = luma.withUnsafeBufferPointer { luma in
            blue.withUnsafeBufferPointer { blue in
                red.withUnsafeBufferPointer { red in
                    CImagingShim_jpegEncodeRaw(
                        luma.baseAddress, lumaColumns, blue.baseAddress, red.baseAddress, chromaColumns, UInt32(y.width),
                        UInt32(y.height), subsampled ? 1 : 0, Int32(min(100, max(1, quality))), 0, &output, &outputSize, &error)
                }
            }
        }
        guard status == 0, let output else {
            let detail = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PhotoSourceError(.unknown, "Could not encode a \(y.width)×\(y.height) JPEG.", detail: detail)
        }
        return Data(bytesNoCopy: output, count: outputSize, deallocator: .custom { bytes, _ in
            CImagingShim_jpegFree(bytes.assumingMemoryBound(to: UInt8.self))
        })
    }

    /// `plane` copied into `columns × rows`, its last column and row repeated (as libjpeg pads).
    static func padded(_ plane: PixelBuffer, columns: Int, rows: Int) -> [UInt8] {
        let width = plane.width, height = plane.height
        let result = [UInt8](unsafeUninitializedCapacity: columns * rows) { target, initialized in
            plane.pixels.withUnsafeBufferPointer { source in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for row in 0 ..< rows {
                    let from = source + min(row, height - 1) * width, to = target + row * columns
                    to.update(from: from, count: width)
                    (to + width).initialize(repeating: from[width - 1], count: columns - width)
                }
            }
            initialized = columns * rows
        }
        return result
    }
}
