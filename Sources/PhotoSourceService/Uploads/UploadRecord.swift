public import Foundation

/// What the service knows about one upload besides its bytes: kept in a JSON sidecar beside the
/// bytes (never in one process's memory), so any instance on the same folder can continue it.
/// The offset is not here: it is the length of the bytes file on disk.
public struct UploadRecord: Sendable, Codable, Hashable {
    /// The upload's id: 32 lowercase hex digits, the last part of its `Location`.
    public var id: String
    /// The session it belongs to; no other session sees it.
    public var session: String
    /// The length announced in `Upload-Length`.
    public var length: Int
    /// The `filename` of `Upload-Metadata`, if any (the photo's title in the "Uploads" source).
    public var filename: String?
    /// The `filetype` of `Upload-Metadata`, if any (informational: the bytes decide).
    public var filetype: String?
    /// When it was created.
    public var createdAt: Date
    /// When an unfinished upload expires (`Upload-Expires`).
    public var expiresAt: Date
    /// When its last byte arrived and the photo decoded; `nil` while unfinished.
    public var finishedAt: Date?
    /// `jpeg` or `png`, once finished.
    public var format: String?
    /// The photo's upright width and height in pixels, once finished.
    public var width: Int?
    /// See ``width``.
    public var height: Int?

    /// Whether the upload is complete and verified.
    public var isFinished: Bool { finishedAt != nil }

    /// The name of the finished photo's file: the id with its format's extension.
    var photoFileName: String { id + (format == "png" ? ".png" : ".jpg") }
}
