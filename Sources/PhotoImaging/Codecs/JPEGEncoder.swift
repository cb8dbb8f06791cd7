internal import CTurboJPEG
import Foundation
import PhotoSourceKit

/// Encodes pixel buffers as JPEG with TurboJPEG (`tjCompress2`).
enum JPEGEncoder {
    /// Encodes `image`; RGBA is composited on white first, gray stays single-channel.
    ///
    /// Chroma is subsampled 4:2:0 below quality 90 and kept at 4:4:4 from 90 up.
    static func encode(
        _ image: PixelBuffer, quality: Int, progressive: Bool, orientation: ExifOrientation
    ) throws -> Data {
        let source = image.channels == 4 ? image.flattenedToRGB() : image
        let encoded = try compress(
            source.pixels, width: source.width, height: source.height,
            layout: source.channels == 1 ? .gray : .rgb, quality: quality, progressive: progressive)
        guard orientation != .up else { return encoded }
        var oriented = Data(capacity: encoded.count + 34)
        oriented.append(contentsOf: [0xFF, 0xD8])
        oriented.append(contentsOf: exifSegment(orientation))
        oriented.append(encoded.dropFirst(2))
        return oriented
    }

    /// How the samples handed to ``compress(_:width:height:layout:quality:progressive:)`` are laid out.
    enum Layout {
        /// One sample per pixel.
        case gray
        /// R, G, B.
        case rgb
        /// Inverted (Adobe) C, M, Y, K: written as a YCCK JPEG.
        case cmyk
    }

    /// Compresses packed `samples` with `tjCompress2`.
    static func compress(
        _ samples: [UInt8], width: Int, height: Int, layout: Layout, quality: Int, progressive: Bool
    ) throws -> Data {
        guard width <= Int(Int32.max) / 4, height <= Int(Int32.max) / 4 else {
            throw PhotoSourceError(.tooLarge, "The image is \(width)×\(height) pixels, too large to encode as JPEG.")
        }
        let handle = try TurboJPEGHandle(.compressor)
        let (pixelFormat, subsampling) = switch layout {
        case .gray: (TJPF_GRAY, TJSAMP_GRAY)
        case .rgb: (TJPF_RGB, quality >= 90 ? TJSAMP_444 : TJSAMP_420)
        case .cmyk: (TJPF_CMYK, quality >= 90 ? TJSAMP_444 : TJSAMP_420)
        }
        let flags = TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = samples.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle.raw, pixels.baseAddress, Int32(width), 0, Int32(height), Int32(pixelFormat.rawValue),
                &output, &outputSize, Int32(subsampling.rawValue), Int32(min(100, max(1, quality))), flags)
        }
        guard status == 0, let output else {
            tjFree(output)
            throw handle.error(.unknown, "Could not encode a \(width)×\(height) JPEG.")
        }
        // Hand TurboJPEG's buffer to Data without copying; Data frees it with tjFree.
        return Data(bytesNoCopy: output, count: Int(outputSize), deallocator: .custom { bytes, _ in
            tjFree(bytes.assumingMemoryBound(to: UInt8.self))
        })
    }

    /// A minimal big-endian EXIF APP1 segment holding only IFD0 tag 0x0112 (orientation).
    static func exifSegment(_ orientation: ExifOrientation) -> [UInt8] {
        let value = UInt8(orientation.rawValue)
        return [0xFF, 0xE1, 0x00, 0x22]                          // APP1, length 34
            + Array("Exif\0\0".utf8)                              // EXIF identifier
            + [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]    // "MM", 42, IFD0 at offset 8
            + [0x00, 0x01]                                        // one entry
            + [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]    // tag 0x0112, SHORT, count 1
            + [0x00, value, 0x00, 0x00]                           // value, padding
            + [0x00, 0x00, 0x00, 0x00]                            // no next IFD
    }
}
