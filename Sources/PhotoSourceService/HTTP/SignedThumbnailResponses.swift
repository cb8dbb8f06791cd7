import Foundation
import HTTPTypes
import NIOCore
import PhotoImaging
import Synchronization

/// What the signed-thumbnail fast path worked out for one URL, kept so that a repeat costs one
/// lookup instead of a path split, a verified-URL lookup under a newly built key, a catalog
/// look-up, a SHA-256 for the ETag and header-by-header field building.
///
/// An entry is made only from a URL ``URLSigner`` verified (its cache of verified URLs), and
/// its expiry is checked again on every use; the thumbnail itself is still looked up in the
/// thumbnail cache on every request (only warm ones are answered), and the entry's body is
/// reused only while the cache hands back the same bytes. Bounded: past ``capacity`` entries or
/// ``byteCapacity`` bytes of bodies, the table starts again empty (the hot set refills it at once).
final class SignedThumbnailResponses: Sendable {
    /// The most URLs remembered.
    static let capacity = 4_096
    /// The most body bytes held (the thumbnail cache holds the same bytes; this is a second copy
    /// of the hot set, as `ByteBuffer`s the socket writes without copying again).
    static let byteCapacity = 32 << 20

    /// One verified signed thumbnail URL.
    final class Entry: Sendable {
        let asset: SignedAsset
        let sourceID: String
        let spec: ThumbnailSpec
        let etag: String
        /// The 304's fields: ETag, Cache-Control and the security headers.
        let notModifiedFields: HTTPFields
        private let body = Mutex<Body?>(nil)

        /// The 200's body and fields for one version of the thumbnail's bytes.
        struct Body: Sendable {
            let identity: Int
            let count: Int
            let buffer: ByteBuffer
            let fields: HTTPFields
        }

        init(asset: SignedAsset, sourceID: String, etag: String) {
            self.asset = asset
            self.sourceID = sourceID
            self.spec = ThumbnailsController.spec(of: asset)
            self.etag = etag
            var fields = HTTPFields()
            fields.append(HTTPField(name: .eTag, value: etag))
            fields.append(HTTPField(name: .cacheControl, value: ThumbnailsController.cacheControl))
            fields.addSecurityHeaders()
            notModifiedFields = fields
        }

        /// The body and fields for `thumbnail`, made once per version of its bytes; the second
        /// value says how many bytes were newly held (0 on a reuse).
        func body(for thumbnail: Thumbnail) -> (Body, added: Int) {
            let identity = thumbnail.data.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
            let count = thumbnail.data.count
            if let known = body.withLock({ $0 }), known.identity == identity, known.count == count { return (known, 0) }
            var fields = HTTPFields()
            fields.append(HTTPField(name: .eTag, value: etag))
            fields.append(HTTPField(name: .cacheControl, value: ThumbnailsController.cacheControl))
            fields.append(HTTPField(name: .contentType, value: ThumbnailsController.contentType(of: thumbnail)))
            fields.append(HTTPField(name: .contentLength, value: String(count)))
            fields.addSecurityHeaders()
            let made = Body(identity: identity, count: count, buffer: ByteBuffer(bytes: thumbnail.data), fields: fields)
            body.withLock { $0 = made }
            return (made, count)
        }
    }

    private struct Table {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    private let table = Mutex(Table())

    /// A table that starts empty.
    init() {}

    /// The entry of `path`, when it is remembered and has not expired at `now`.
    func entry(for path: String, now: Date) -> Entry? {
        guard let entry = table.withLock({ $0.entries[path] }), Double(entry.asset.expires) > now.timeIntervalSince1970 else { return nil }
        return entry
    }

    /// Remembers `entry` for `path`.
    func remember(_ entry: Entry, for path: String) {
        table.withLock { table in
            if table.entries.count >= Self.capacity { table = Table() }
            table.entries[path] = entry
        }
    }

    /// Counts `added` body bytes; past ``byteCapacity`` the table starts again.
    func held(_ added: Int) {
        guard added > 0 else { return }
        table.withLock { table in
            table.bytes += added
            if table.bytes > Self.byteCapacity { table = Table() }
        }
    }
}
