internal import CImagingShim
import PhotoSourceKit

/// Owns one libpng read struct (through the C shim) over borrowed bytes; destroyed on `deinit`.
/// Created per decode and never shared between concurrent calls.
struct PNGReader: ~Copyable {
    /// The output format after the reader's transforms.
    struct Info {
        var width: Int
        var height: Int
        /// 1 gray, 3 RGB or 4 RGBA.
        var channels: Int
        /// Adam7 images must be read whole.
        var interlaced: Bool
        var rowBytes: Int
    }

    private let raw: OpaquePointer

    /// A reader over `bytes`, which must stay valid for the reader's lifetime. A `strict` reader
    /// fails on a bad ancillary-chunk CRC and on libpng's benign errors instead of warning.
    init(_ bytes: UnsafeRawBufferPointer, strict: Bool = false) throws {
        guard let base = bytes.bindMemory(to: UInt8.self).baseAddress,
              let raw = CImagingShim_pngReaderCreate(base, bytes.count)
        else { throw PhotoSourceError(.unknown, "Could not create a PNG reader; the system may be out of memory.") }
        CImagingShim_pngReaderSetStrict(raw, strict ? 1 : 0)
        self.raw = raw
    }

    deinit { CImagingShim_pngReaderDestroy(raw) }

    /// Reads the chunks before the image data and sets up the transforms to 8-bit gray/RGB/RGBA.
    func readInfo() throws -> Info {
        var info = CImagingShim_PNGReadInfo()
        try check(CImagingShim_pngReadInfo(raw, &info), "The PNG header is corrupt.")
        return Info(width: Int(info.width), height: Int(info.height), channels: Int(info.channels),
                    interlaced: info.interlaced != 0, rowBytes: info.rowBytes)
    }

    /// Reads the next `count` rows into `rows` (non-interlaced images).
    func readRows(into rows: UnsafeMutableBufferPointer<UInt8>, count: Int) throws {
        try check(CImagingShim_pngReadRows(raw, rows.baseAddress, UInt32(count)), "The PNG image data is truncated or corrupt.")
    }

    /// Reads the whole image into `pixels` (needed for Adam7 interlaced images).
    func readImage(into pixels: UnsafeMutableBufferPointer<UInt8>) throws {
        try check(CImagingShim_pngReadImage(raw, pixels.baseAddress), "The PNG image data is truncated or corrupt.")
    }

    /// Reads and checks the chunks after the image data, up to IEND.
    func readEnd() throws {
        try check(CImagingShim_pngReadEnd(raw), "The PNG file is truncated or corrupt after its image data.")
    }

    /// Throws `.invalidData` if libpng warned (a discarded ancillary chunk, a benign error) or
    /// bytes follow IEND: what a ``DecodeFailOn/warning`` caller refuses. Call after ``readEnd()``.
    func checkNoWarnings() throws {
        if CImagingShim_pngReaderWarnings(raw) > 0 {
            throw PhotoSourceError(
                .invalidData, "The PNG has a harmless irregularity, refused because ImageLimits.failOn is .warning.",
                detail: String(cString: CImagingShim_pngReaderWarning(raw)))
        }
        let unread = CImagingShim_pngReaderUnreadBytes(raw)
        if unread > 0 {
            throw PhotoSourceError(
                .invalidData, "The PNG has data after its end (IEND), refused because ImageLimits.failOn is .warning.",
                detail: "\(unread) bytes after IEND")
        }
    }

    private func check(_ status: Int32, _ message: String) throws {
        guard status != 0 else { return }
        throw PhotoSourceError(.invalidData, message, detail: String(cString: CImagingShim_pngReaderError(raw)))
    }
}
