import HTTPTypes

extension HTTPField.Name {
    /// `Tus-Resumable`: the tus version a request or response speaks (`1.0.0`).
    static let tusResumable = Self("Tus-Resumable")!
    /// `Tus-Version`: the versions the server speaks (OPTIONS).
    static let tusVersion = Self("Tus-Version")!
    /// `Tus-Extension`: the extensions the server supports (OPTIONS).
    static let tusExtension = Self("Tus-Extension")!
    /// `Tus-Max-Size`: the largest upload accepted, in bytes (OPTIONS).
    static let tusMaxSize = Self("Tus-Max-Size")!
    /// `Upload-Offset`: how many bytes of the upload the server has.
    static let uploadOffset = Self("Upload-Offset")!
    /// `Upload-Length`: the upload's whole size in bytes.
    static let uploadLength = Self("Upload-Length")!
    /// `Upload-Metadata`: key and base64 value pairs (`filename`, `filetype`).
    static let uploadMetadata = Self("Upload-Metadata")!
    /// `Upload-Expires`: when an unfinished upload expires (an HTTP date).
    static let uploadExpires = Self("Upload-Expires")!
    /// `Upload-Defer-Length`, which this server does not support.
    static let uploadDeferLength = Self("Upload-Defer-Length")!
}
