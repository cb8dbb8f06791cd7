import Foundation
import HTTPTypes
import PhotoSourceKit
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: building blocks")
struct DemoCloudUnitTests {
    @Test("PKCE S256 matches RFC 7636 Appendix B; verifier and challenge shapes are checked")
    func pkce() {
        #expect(PKCEVerifier.challenge(for: RouterCloud.verifier) == RouterCloud.challenge)
        #expect(PKCEVerifier.isValid(verifier: RouterCloud.verifier))
        #expect(!PKCEVerifier.isValid(verifier: "short"))
        #expect(!PKCEVerifier.isValid(verifier: String(repeating: "a", count: 129)))
        #expect(!PKCEVerifier.isValid(verifier: String(repeating: "a", count: 42) + "+"))
        #expect(PKCEVerifier.isValid(challenge: RouterCloud.challenge))
        #expect(!PKCEVerifier.isValid(challenge: RouterCloud.challenge + "="))
    }

    @Test("form fields: + is a space, percent-decoding, repeated or malformed fields refused")
    func formFields() throws {
        let fields = try #require(FormFields("a=1+2&b=%2Fx%3D&empty=&flag"))
        #expect(fields["a"] == "1 2")
        #expect(fields["b"] == "/x=")
        #expect(fields["empty"] == nil)
        #expect(fields["flag"] == nil)
        #expect(FormFields("a=1&a=2") == nil)
        #expect(FormFields("a=%zz") == nil)
        #expect(FormFields(FormFields.encode([("x y", "a&b=c")]))?["x y"] == "a&b=c")
    }

    @Test("cursors only work in their own listing and inside it")
    func cursors() throws {
        let first = try CloudCursor.window(listing: "album-1", total: 5, cursor: nil, limit: 2)
        #expect(first.range == 0..<2)
        let second = try CloudCursor.window(listing: "album-1", total: 5, cursor: first.nextCursor, limit: 2)
        #expect(second.range == 2..<4)
        let last = try CloudCursor.window(listing: "album-1", total: 5, cursor: second.nextCursor, limit: 2)
        #expect(last.range == 4..<5)
        #expect(last.nextCursor == nil)
        #expect(throws: CloudCursor.Invalid.self) { try CloudCursor.window(listing: "album-2", total: 5, cursor: first.nextCursor, limit: 2) }
        #expect(throws: CloudCursor.Invalid.self) {
            try CloudCursor.window(listing: "album-1", total: 5, cursor: CloudCursor.encode(listing: "album-1", offset: 9), limit: 2)
        }
        #expect(throws: CloudCursor.Invalid.self) { try CloudCursor.window(listing: "album-1", total: 5, cursor: "!!", limit: 2) }
    }

    @Test("catalog ids are canonical and sizes come from the configuration")
    func catalog() throws {
        let catalog = try DemoCatalog(configuration: RouterCloud.configuration())
        #expect(catalog.albums.map(\.id) == ["album-1", "album-2", "album-3"])
        #expect(catalog.photo(id: "photo-2-5000")?.title == "Camera Roll 5000")
        for bad in ["photo-2-5001", "photo-02-1", "photo-2-+1", "photo-2", "photo-2-1-1", "album-1", "photo-3-1", "photo--1-1"] {
            #expect(catalog.photo(id: bad) == nil, "\(bad)")
        }
        let sizes = Set(catalog.photos(in: catalog.albums[1], range: 0..<10).map(\.pixelSize))
        #expect(sizes == [PixelSize(width: 640, height: 480), PixelSize(width: 300, height: 400)])
    }

    @Test("If-None-Match uses the weak comparison and understands lists and *")
    func etagMatch() {
        #expect(ETagMatch.matches("\"a\"", etag: "\"a\""))
        #expect(ETagMatch.matches("W/\"a\"", etag: "\"a\""))
        #expect(ETagMatch.matches("\"b\" , \"a\"", etag: "\"a\""))
        #expect(ETagMatch.matches("*", etag: "\"a\""))
        #expect(!ETagMatch.matches("\"b\"", etag: "\"a\""))
    }

    @Test("user codes are normalized: case and dashes do not matter")
    func userCodes() {
        #expect(DeviceGrants.normalize(userCode: "bcdf-ghjk") == "BCDF-GHJK")
        #expect(DeviceGrants.normalize(userCode: "bcdfghjk") == "BCDF-GHJK")
        #expect(DeviceGrants.normalize(userCode: " BCDF GHJK ") == "BCDF-GHJK")
    }
}
