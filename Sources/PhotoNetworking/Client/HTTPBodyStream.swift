public import Foundation

/// A request body that is read while it is sent: pieces of memory and whole files, one after
/// the other, so a large upload never sits in memory (a `multipart/form-data` part with a
/// 24 MB original costs the client one 64 KB buffer, not 24 MB).
///
/// The length is known before sending (`Content-Length`, no chunked encoding). Each file must
/// still have exactly its announced size when it is read; a file that changed fails the request
/// with `.invalidData` instead of sending a body of the wrong length.
public struct HTTPBodyStream: Sendable, Hashable {
    /// One piece of the body.
    public enum Part: Sendable, Hashable {
        /// Bytes in memory (a multipart boundary and headers, a JSON field).
        case bytes(Data)
        /// A whole file, which must be `byteCount` bytes long when it is read.
        case file(URL, byteCount: Int64)
    }

    /// The pieces, in order.
    public var parts: [Part]

    /// Creates a body of `parts`.
    public init(_ parts: [Part]) {
        self.parts = parts
    }

    /// The total length in bytes.
    public var length: Int64 {
        parts.reduce(0) { total, part in
            switch part {
            case .bytes(let data): total + Int64(data.count)
            case .file(_, let byteCount): total + byteCount
            }
        }
    }

    /// The file part for `url`, its size read from the file system now.
    /// Throws `.notFound` or `.fileSystem`-style errors when the file cannot be inspected.
    public static func file(_ url: URL) throws -> Part {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        return .file(url, byteCount: size)
    }
}
