#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PhotoSourceError {
    /// The error for a failed file-system call, from its `errno` value, with `strerror` kept in
    /// ``detail``.
    ///
    /// `ENOENT`, `ENOTDIR` and `ENAMETOOLONG` (no file can have that name) become
    /// ``Code/notFound``; `EACCES`, `EPERM`, `EROFS` and `ELOOP` (a link where a file was
    /// expected) ``Code/accessDenied``; `ENOSPC` and `EDQUOT` ``Code/storageFull``; anything else
    /// ``Code/unknown``.
    ///
    /// - Parameters:
    ///   - code: The `errno` the call left.
    ///   - message: What failed, for a person: "Could not create /tmp/x."
    public static func fileSystem(errno code: Int32, _ message: String) -> PhotoSourceError {
        PhotoSourceError(fileSystemCode(code), message, detail: String(cString: strerror(code)))
    }

    /// The error for a file that could not be opened, examined or read, with a message that
    /// says which of the usual reasons it was.
    ///
    /// - Parameters:
    ///   - code: The `errno` the call left.
    ///   - name: The file as the person knows it (an item id, a path).
    public static func fileSystem(errno code: Int32, reading name: String) -> PhotoSourceError {
        let message = switch fileSystemCode(code) {
        case .notFound: "\(name) does not exist (any more)."
        case .accessDenied where code == ELOOP: "\(name) is a link where a file was expected."
        case .accessDenied: "\(name) may not be read; check its permissions."
        default: "\(name) could not be read."
        }
        return fileSystem(errno: code, message)
    }

    private static func fileSystemCode(_ code: Int32) -> Code {
        switch code {
        case ENOENT, ENOTDIR, ENAMETOOLONG: .notFound
        case EACCES, EPERM, EROFS, ELOOP: .accessDenied
        case ENOSPC, EDQUOT: .storageFull
        default: .unknown
        }
    }
}
