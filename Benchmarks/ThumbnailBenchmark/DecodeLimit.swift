import CPNG
import CTurboJPEG
import Foundation

/// The physical limits our thumbnailer is compared with: a bare libturbojpeg decode at 1/8 scale
/// (what any JPEG thumbnailer has to do at least) and a bare libpng full decode.
enum DecodeLimit {
    /// Decodes every file once at 1/8 scale into RGB (accurate IDCT, fancy upsampling: what our
    /// decoder asks libjpeg for).
    static func jpegEighth(_ files: [Data]) {
        guard let handle = tjInitDecompress() else { fatalError("tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var buffer = [UInt8]()
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
    }

    /// Decodes every PNG fully with libpng's simplified API.
    static func pngFull(_ files: [Data]) {
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
    }

    /// The wall and CPU (this thread) seconds `body` takes.
    static func timed(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let wall = ContinuousClock.now, cpu = threadCPUSeconds()
        body()
        return (seconds(since: wall), threadCPUSeconds() - cpu)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
