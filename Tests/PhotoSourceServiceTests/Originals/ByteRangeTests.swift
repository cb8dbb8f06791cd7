@testable import PhotoSourceService
import Testing

/// `Range` headers as RFC 9110 §14 reads them: one range honoured, what may be ignored ignored
/// (the whole file), only a well-formed range outside the file refused.
@Suite("Range headers")
struct ByteRangeTests {
    @Test("one range of a 1000-byte file", arguments: [
        ("bytes=0-99", ByteRange.part(0...99)),
        ("bytes=100-", .part(100...999)),
        ("bytes=-10", .part(990...999)),
        ("bytes=-5000", .part(0...999)),            // a suffix longer than the file: all of it
        ("bytes=990-5000", .part(990...999)),       // an end past the file: clamped
        ("bytes=999-999", .part(999...999)),
        ("Bytes=0-9", .part(0...9)),                // range units are case-insensitive
        ("bytes = 0-9", .part(0...9)),              // optional whitespace
        ("bytes=0-9, ", .part(0...9)),              // an empty list element is skipped
        ("bytes=0-99999999999999999999999", .part(0...999)),  // an end past Int.max
    ])
    func honoured(header: String, expected: ByteRange) {
        #expect(ByteRange.parse(header, size: 1000) == expected)
    }

    @Test("what a server may ignore is answered whole", arguments: [
        "bytes=0-1,5-9",      // several ranges
        "bytes=5-3",          // last before first: invalid
        "bytes=+5-",          // not digits (Swift's Int("+5") would take it)
        "bytes=-+5",
        "bytes=0x10-",
        "bytes=abc",
        "bytes=",
        "bytes=-",
        "bytes 0-9",
        "items=0-9",          // another unit
        "",
    ])
    func ignored(header: String) {
        #expect(ByteRange.parse(header, size: 1000) == .whole)
    }

    @Test("a well-formed range with no byte in the file is unsatisfiable", arguments: [
        "bytes=1000-", "bytes=5000-6000", "bytes=-0", "bytes=99999999999999999999999-",
    ])
    func unsatisfiable(header: String) {
        #expect(ByteRange.parse(header, size: 1000) == .unsatisfiable)
    }

    @Test("If-Range: the range counts only under this file's own strong ETag")
    func ifRange() {
        let etag = "\"0123456789abcdef0123456789abcdef\""
        #expect(FileResponse.rangeApplies(ifRange: nil, etag: etag))
        #expect(FileResponse.rangeApplies(ifRange: etag, etag: etag))
        #expect(!FileResponse.rangeApplies(ifRange: "W/" + etag, etag: etag))
        #expect(!FileResponse.rangeApplies(ifRange: "\"another\"", etag: etag))
        #expect(!FileResponse.rangeApplies(ifRange: "Wed, 21 Oct 2026 07:28:00 GMT", etag: etag))
    }
}
