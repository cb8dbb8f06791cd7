import Foundation

/// An original held complete in the spool (or, for folder sources, the shop's own file): the
/// file with its size and digests, as the originals route and the order pipeline need them.
struct SpooledOriginal: Sendable, Hashable {
    /// The complete file. Read it only while the lease or `withOriginal` call that gave it lasts.
    let file: URL
    /// Its length in bytes.
    let byteCount: Int
    /// MD5 of the bytes, lowercase hex (the `ETag`).
    let md5Hex: String
    /// MD5 of the bytes, base64 (`Content-MD5`, RFC 1864).
    let md5Base64: String
    /// SHA-256 of the bytes, lowercase hex (content addressing); `nil` when not computed (folder
    /// originals served to a browser need only the MD5).
    let sha256Hex: String?
    /// The content type the source claimed, if any.
    let contentType: String?
}

/// What the spool writes beside each file, so a restart finds its entries again.
struct SpoolSidecar: Codable, Sendable {
    /// The spool key (source, session, item, version).
    let key: String
    let byteCount: Int
    let md5Hex: String
    let md5Base64: String
    let sha256Hex: String
    let contentType: String?
    /// When the download finished (unversioned entries expire from it).
    let created: Date
    /// Whether the key holds a version (else the entry expires).
    let isVersioned: Bool
}
