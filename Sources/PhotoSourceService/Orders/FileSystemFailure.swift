import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotoSourceKit

/// The one mapping from a failed file-system step of the service (the asset store, a folder
/// destination) to what a customer may read: a stable code and a sentence that names the
/// place ("the order folder") and the reason in plain words, never a path on the server.
///
/// The error it makes keeps the original (a `CocoaError` with `NSFilePath`, an `errno`) as its
/// underlying cause, so the operator's log still says exactly which file.
enum FileSystemFailure {
    /// The error for `error`, thrown while trying to `action` `place` ("write the order into",
    /// "the order folder").
    ///
    /// A full disk (`ENOSPC`, `EDQUOT`, Foundation's out-of-space) is `.storageFull`, a refused
    /// permission `.accessDenied`; anything else `.unknown`. Both are retried by the order pipeline. The sentence says which reason
    /// (``PhotoSourceKit/PhotoSourceError/fileSystem(errno:_:)``'s mapping, `strerror`'s words).
    static func describe(_ error: any Error, doing action: String, _ place: String) -> PhotoSourceError {
        let code: PhotoSourceError.Code
        let detail: String?
        if let known = error as? PhotoSourceError {
            if known.code == .cancelled { return known }
            (code, detail) = (known.code, known.detail)
        } else if let number = errno(of: error) {
            let mapped = PhotoSourceError.fileSystem(errno: number, "")
            (code, detail) = (mapped.code, mapped.detail)
        } else {
            (code, detail) = (.unknown, nil)
        }
        let words = detail ?? "unexpected error"
        let reason = switch code {
        case .storageFull: ": the disk is full; free some space or move \(place)."
        case .accessDenied: " (\(words)): the service may not write there; check the folder's owner and permissions."
        case .notFound: " (\(words)): a file or folder it needs is missing."
        default: " (\(words)); check that its folder is writable."
        }
        // A full disk and a refused permission keep their codes (the shop's operator acts on
        // both); every other failure here is the service's, not the customer's photo, so it stays
        // `.unknown` (retried) rather than a permanent not-found.
        let kept: Set<PhotoSourceError.Code> = [.storageFull, .accessDenied]
        return PhotoSourceError(kept.contains(code) ? code : .unknown, "Could not \(action) \(place)" + reason, detail: detail, underlying: error)
    }

    /// The `errno` behind a Foundation error: a POSIX error's, or the one kept under
    /// `NSUnderlyingErrorKey` (else a Cocoa file error's code).
    static func errno(of error: any Error) -> Int32? {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        guard nsError.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteFileExists: return EEXIST
        default: return nil
        }
    }
}
