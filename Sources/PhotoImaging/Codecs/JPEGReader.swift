internal import CImagingShim
import PhotoSourceKit

/// Owns one libjpeg decompressor (through the C shim) over borrowed bytes; destroyed on
/// `deinit`. Created per decode and never shared between concurrent calls.
///
/// Unlike TurboJPEG's `tjDecompress2`, it sees every libjpeg warning, so ``DecodeFailOn`` can
/// accept harmless ones and still stop at once on truncated or corrupt image data.
struct JPEGReader: ~Copyable {
    /// What the header says.
    struct Info {
        var width: Int
        var height: Int
        /// 1 gray, 3 colour or 4 (inverted) CMYK.
        var channels: Int
        /// Multi-scan (progressive): decoded whole, holding every DCT coefficient.
        var progressive: Bool
        /// The bytes of those coefficient arrays (0 for a baseline JPEG).
        var coefficientBytes: Int64
        /// Three YCbCr components: ``startRaw(numerator:denominator:)`` can decode it as planes.
        var ycc: Bool
    }

    /// One plane of a raw decode: the samples holding image data, the buffer layout libjpeg
    /// writes (whole MCUs) and the plane's samples per image pixel on each axis.
    struct Plane {
        var width: Int
        var height: Int
        var stride: Int
        var rows: Int
        var scaleX: Double
        var scaleY: Double
    }

    private let raw: OpaquePointer

    /// A reader over `bytes` (which must outlive it) that fails on the warnings `failOn` names
    /// and on more than `maxScans` scans. With `pruneScans` (the default), a progressive JPEG
    /// started at 1/8 is decoded from its DC scans alone: the AC scans cannot change a 1×1
    /// IDCT's output, so the pixels are the same (tests compare both ways).
    init(_ bytes: UnsafeRawBufferPointer, failOn: DecodeFailOn, maxScans: Int, pruneScans: Bool = true) throws {
        guard let base = bytes.bindMemory(to: UInt8.self).baseAddress,
              let raw = CImagingShim_jpegReaderCreate(base, bytes.count, Self.fatalMask(failOn), Int32(clamping: maxScans))
        else { throw PhotoSourceError(.invalidData, "The JPEG data is empty or the system is out of memory.") }
        CImagingShim_jpegReaderSetScanPruning(raw, pruneScans ? 1 : 0)
        self.raw = raw
    }

    /// The scans the started decode leaves out (0: it reads every scan).
    var droppedScans: Int { Int(CImagingShim_jpegReaderDroppedScans(raw)) }

    deinit { CImagingShim_jpegReaderDestroy(raw) }

    /// The CIMAGINGSHIM_JPEG_WARN_* classes that stop a decode under `failOn`.
    static func fatalMask(_ failOn: DecodeFailOn) -> Int32 {
        let truncated = Int32(CIMAGINGSHIM_JPEG_WARN_TRUNCATED), corrupt = Int32(CIMAGINGSHIM_JPEG_WARN_CORRUPT)
        return switch failOn {
        case .none: 0
        case .truncated: truncated
        case .error: truncated | corrupt
        case .warning: truncated | corrupt | Int32(CIMAGINGSHIM_JPEG_WARN_BENIGN)
        }
    }

    /// Reads the header up to the first scan.
    func readHeader() throws -> Info {
        var info = CImagingShim_JPEGInfo()
        try check(CImagingShim_jpegReadHeader(raw, &info), "The JPEG header is corrupt.")
        return Info(width: Int(info.width), height: Int(info.height), channels: Int(info.outputChannels),
                    progressive: info.progressive != 0, coefficientBytes: Int64(clamping: info.coefficientBytes),
                    ycc: info.ycc != 0)
    }

    /// Starts decoding at `numerator`/`denominator` (n/8 steps) and returns the output size.
    func start(numerator: Int, denominator: Int) throws -> (width: Int, height: Int) {
        var width: UInt32 = 0, height: UInt32 = 0
        try check(CImagingShim_jpegStart(raw, Int32(numerator), Int32(denominator), &width, &height),
                  "The JPEG cannot be decoded.")
        return (Int(width), Int(height))
    }

    /// Decodes every row into `pixels` (output height × width × channels bytes) and reads to EOI.
    func readImage(into pixels: UnsafeMutableBufferPointer<UInt8>) throws {
        try check(CImagingShim_jpegReadImage(raw, pixels.baseAddress), "The JPEG cannot be decoded.")
    }

    /// Starts a raw decode (Y, Cb, Cr planes, no upsampling or colour conversion) at
    /// `numerator`/`denominator`; only for a header with ``Info/ycc``.
    func startRaw(numerator: Int, denominator: Int) throws -> [Plane] {
        var planes = CImagingShim_JPEGPlanes()
        try check(CImagingShim_jpegStartRaw(raw, Int32(numerator), Int32(denominator), &planes), "The JPEG cannot be decoded.")
        let across = Double(planes.horizontalDenominator), down = Double(planes.verticalDenominator)
        func plane(_ raw: CImagingShim_JPEGPlane) -> Plane {
            let scaleX = Double(raw.horizontalScale) / across, scaleY = Double(raw.verticalScale) / down
            return Plane(width: Int(raw.width), height: Int(raw.height), stride: Int(raw.stride), rows: Int(raw.rows),
                         scaleX: scaleX, scaleY: scaleY)
        }
        return [plane(planes.y), plane(planes.cb), plane(planes.cr)]
    }

    /// Decodes a raw decode's planes into three buffers of `stride × rows` bytes each (as
    /// ``startRaw(numerator:denominator:)`` gave) and reads to EOI.
    func readRaw(y: UnsafeMutablePointer<UInt8>, cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>) throws {
        try check(CImagingShim_jpegReadRaw(raw, y, cb, cr), "The JPEG cannot be decoded.")
    }

    private func check(_ status: Int32, _ fallback: String) throws {
        guard status != 0 else { return }
        let detail = String(cString: CImagingShim_jpegReaderError(raw))
        let message = switch CImagingShim_jpegReaderStoppedBy(raw) {
        case Int32(CIMAGINGSHIM_JPEG_WARN_TRUNCATED):
            "The JPEG data is truncated (the file ends before the image does) and cannot be decoded."
        case Int32(CIMAGINGSHIM_JPEG_WARN_CORRUPT):
            "The JPEG image data is corrupt and cannot be decoded."
        case Int32(CIMAGINGSHIM_JPEG_WARN_BENIGN):
            "The JPEG has a harmless irregularity, refused because ImageLimits.failOn is .warning."
        default:
            fallback
        }
        throw PhotoSourceError(.invalidData, message, detail: detail)
    }
}
