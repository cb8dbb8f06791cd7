import Foundation
import HTTPTypes
import NIOCore
import PhotoImaging
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// The fast path's table of verified signed thumbnail URLs: expiry checked on every use, bodies
/// reused only for the same bytes, bounded.
@Suite("Signed thumbnail responses")
struct SignedThumbnailResponsesTests {
    static func entry(expires: Int64 = 1_000) -> SignedThumbnailResponses.Entry {
        let asset = SignedAsset(session: "ses_1", source: "library", item: "a.jpg", version: "v1", size: 256, format: "jpeg", expires: expires)
        return SignedThumbnailResponses.Entry(asset: asset, sourceID: "local:/x", etag: ThumbnailsController.etag(for: asset))
    }

    @Test("a remembered URL is answered only until its signed expiry, checked on every use")
    func expiryCheckedEveryUse() {
        let responses = SignedThumbnailResponses()
        responses.remember(Self.entry(expires: 1_000), for: "/v1/thumbnails/s/p")
        #expect(responses.entry(for: "/v1/thumbnails/s/p", now: Date(timeIntervalSince1970: 999)) != nil)
        #expect(responses.entry(for: "/v1/thumbnails/s/p", now: Date(timeIntervalSince1970: 1_000)) == nil)
        #expect(responses.entry(for: "/v1/thumbnails/s/other", now: Date(timeIntervalSince1970: 1)) == nil)
    }

    @Test("the body and its headers are made once per version of the bytes, and made again for other bytes")
    func bodyReusedForSameBytes() {
        let entry = Self.entry()
        let first = Thumbnail(data: Data(repeating: 7, count: 600), pixelSize: PixelSize(width: 2, height: 2), format: .jpeg)
        let other = Thumbnail(data: Data(repeating: 8, count: 700), pixelSize: PixelSize(width: 2, height: 2), format: .png)

        let (made, added) = entry.body(for: first)
        let (again, addedAgain) = entry.body(for: first)
        let (remade, addedOther) = entry.body(for: other)

        #expect(added == 600 && addedAgain == 0 && addedOther == 700)
        #expect(again.identity == made.identity && Array(again.buffer.readableBytesView) == Array(first.data))
        #expect(Array(remade.buffer.readableBytesView) == Array(other.data))
        #expect(remade.fields[.contentType] == "image/png" && remade.fields[.contentLength] == "700")
        #expect(made.fields[.eTag] == entry.etag && made.fields[.cacheControl] == ThumbnailsController.cacheControl)
        #expect(made.fields[.xContentTypeOptions] == "nosniff" && made.fields[.contentSecurityPolicy] != nil)
        #expect(entry.notModifiedFields[.eTag] == entry.etag && entry.notModifiedFields[.contentLength] == nil)
    }

    @Test("the table is bounded: past its capacity it starts again")
    func bounded() {
        let responses = SignedThumbnailResponses()
        let now = Date(timeIntervalSince1970: 1)
        for index in 0..<SignedThumbnailResponses.capacity { responses.remember(Self.entry(), for: "/\(index)") }
        #expect(responses.entry(for: "/0", now: now) != nil)
        responses.remember(Self.entry(), for: "/new")
        #expect(responses.entry(for: "/0", now: now) == nil)
        #expect(responses.entry(for: "/new", now: now) != nil)
        responses.held(SignedThumbnailResponses.byteCapacity + 1)
        #expect(responses.entry(for: "/new", now: now) == nil)
    }
}
