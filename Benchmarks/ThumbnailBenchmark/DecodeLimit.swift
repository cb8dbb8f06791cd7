import CPNG
import CTurboJPEG
import Foundation

/// The physical limits our thumbnailer is compared with: a bare libturbojpeg decode at 1/8 scale
/// (what any JPEG thumbnailer has to do at least) and a bare libpng full decode.
enum DecodeLimit {
    /// Decodes every file once at 1/8 scale into RGB; returns images per second.
    static func jpegEighth(_ files: [Data]) -> Double {
        guard let handle = tjInitDecompress() else { fatalError("tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var buffer = [UInt8]()
        let start = ContinuousClock.now
        for data in files {
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self).baseAddress!
                _ = tjDecompressHeader3(handle, bytes, UInt(raw.count), &width, &height, &subsampling, &colorspace)
                let scaledWidth = (Int(width) + 7) / 8, scaledHeight = (Int(height) + 7) / 8
                if buffer.count < scaledWidth * scaledHeight * 3 { buffer = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 3) }
                buffer.withUnsafeMutableBufferPointer { out in
                    let status = tjDecompress2(
                        handle, bytes, UInt(raw.count), out.baseAddress, Int32(scaledWidth), 0, Int32(scaledHeight),
                        Int32(TJPF_RGB.rawValue), 0)
                    precondition(status == 0, "tjDecompress2 failed")
                }
            }
        }
        return Double(files.count) / seconds(since: start)
    }

    /// Decodes every PNG fully with libpng's simplified API; returns images per second.
    static func pngFull(_ files: [Data]) -> Double {
        let start = ContinuousClock.now
        for data in files {
            var image = png_image()
            image.version = 1  // PNG_IMAGE_VERSION
            data.withUnsafeBytes { raw in
                guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else { fatalError("png begin failed") }
                image.format = image.format & 1 != 0 ? 3 : 2  // PNG_FORMAT_FLAG_ALPHA, PNG_FORMAT_RGBA, PNG_FORMAT_RGB
                let channels = image.format == 3 ? 4 : 3
                var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * channels)
                pixels.withUnsafeMutableBytes { out in
                    guard png_image_finish_read(&image, nil, out.baseAddress, 0, nil) != 0 else { fatalError("png finish failed") }
                }
            }
        }
        return Double(files.count) / seconds(since: start)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
