internal import CTurboJPEG
import PhotoSourceKit

/// Owns one TurboJPEG compressor or decompressor and destroys it on `deinit`.
///
/// A handle is created per call and never shared between concurrent calls (TurboJPEG handles
/// keep per-image state and are not thread-safe).
struct TurboJPEGHandle: ~Copyable {
    /// Whether the handle compresses or decompresses.
    enum Kind { case compressor, decompressor }

    /// The C handle.
    let raw: tjhandle

    /// Creates a handle.
    init(_ kind: Kind) throws {
        guard let raw = kind == .compressor ? tjInitCompress() : tjInitDecompress() else {
            throw PhotoSourceError(
                .unknown, "Could not create a TurboJPEG \(kind); the system may be out of memory.",
                detail: tjGetErrorStr2(nil).map { String(cString: $0) })
        }
        self.raw = raw
    }

    deinit { tjDestroy(raw) }

    /// TurboJPEG's own message for the last error on this handle.
    var lastErrorMessage: String {
        tjGetErrorStr2(raw).map { String(cString: $0) } ?? "unknown TurboJPEG error"
    }

    /// An error with `message`, keeping TurboJPEG's message in `detail`.
    func error(_ code: PhotoSourceError.Code, _ message: String) -> PhotoSourceError {
        PhotoSourceError(code, message, detail: lastErrorMessage)
    }
}
