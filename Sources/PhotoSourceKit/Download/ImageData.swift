public import Foundation

/// The bytes of one image as a downloader returns them.
public struct ImageData: Sendable {
    /// The encoded image.
    public var bytes: Data
    /// The content type the origin claimed, if any (never trusted for decoding; bytes are sniffed).
    public var contentType: String?
    /// A version tag such as an ETag or a modification time; a new value means new content,
    /// and the thumbnail cache keys on it.
    public var validator: String?

    /// Creates image data.
    public init(bytes: Data, contentType: String? = nil, validator: String? = nil) {
        self.bytes = bytes
        self.contentType = contentType
        self.validator = validator
    }
}
