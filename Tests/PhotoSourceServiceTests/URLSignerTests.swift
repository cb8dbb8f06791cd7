import Foundation
@testable import PhotoSourceService
import Testing

@Suite("URLSigner: verification, its cache of verified URLs, and base64url")
struct URLSignerTests {
    static let key = Data(repeating: 7, count: 32).base64EncodedString()
    static let other = Data(repeating: 9, count: 32).base64EncodedString()
    let asset = SignedAsset(session: "ses_1", source: "demo", item: "a.jpg", version: "v1", size: 256, format: "auto", expires: 2_000_000_000)

    func parts(_ path: String) -> (signature: String, payload: String) {
        let split = path.split(separator: "/").map(String.init)
        return (split[0], split[1])
    }

    @Test("a verified URL is remembered; asking again gives the same asset, and its expiry is still checked")
    func cachedStillExpires() throws {
        let signer = try URLSigner(base64Keys: [Self.key])
        let (signature, payload) = parts(signer.path(for: asset, kind: .thumbnail))
        let early = Date(timeIntervalSince1970: 1_900_000_000)
        #expect(try signer.verify(signature: signature, payload: payload, kind: .thumbnail, now: early) == asset)
        #expect(signer.verified.count == 1)
        #expect(try signer.verify(signature: signature, payload: payload, kind: .thumbnail, now: early) == asset)
        #expect(signer.verified.count == 1)
        // When: the same, remembered URL after its time
        #expect(throws: URLSigner.Refusal.expired) {
            try signer.verify(signature: signature, payload: payload, kind: .thumbnail, now: Date(timeIntervalSince1970: 2_000_000_001))
        }
    }

    @Test("a remembered URL does not verify as the other kind, and a tampered one is never remembered")
    func kindsAndTampering() throws {
        let signer = try URLSigner(base64Keys: [Self.key])
        let (signature, payload) = parts(signer.path(for: asset, kind: .thumbnail))
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        _ = try signer.verify(signature: signature, payload: payload, kind: .thumbnail, now: now)
        #expect(throws: URLSigner.Refusal.tampered) { try signer.verify(signature: signature, payload: payload, kind: .original, now: now) }
        var forged = asset
        forged.session = "ses_2"
        let forgedPayload = parts(signer.path(for: forged, kind: .thumbnail)).payload
        #expect(throws: URLSigner.Refusal.tampered) { try signer.verify(signature: signature, payload: forgedPayload, kind: .thumbnail, now: now) }
        #expect(signer.verified.count == 1)
        // A URL signed with a key this service does not hold
        let stranger = try URLSigner(base64Keys: [Self.other])
        let foreign = parts(stranger.path(for: asset, kind: .thumbnail))
        #expect(throws: URLSigner.Refusal.tampered) { try signer.verify(signature: foreign.signature, payload: foreign.payload, kind: .thumbnail, now: now) }
    }

    @Test("the cache keeps at most its capacity")
    func bounded() {
        let cache = VerifiedURLCache(capacity: 3)
        for index in 0..<10 { cache.remember(asset, for: "k\(index)") }
        #expect(cache.count <= 3)
        #expect(cache.asset(for: "k9") == asset)
    }

    @Test("base64url round-trips every length and refuses padding, foreign characters and stray bits")
    func base64URL() {
        for length in 0..<40 {
            let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.decode("_-8") == Data([0xFF, 0xEF]))
        #expect(Base64URL.decode("AA==") == nil)
        #expect(Base64URL.decode("A+/A") == nil)
        #expect(Base64URL.decode("AB") == nil, "stray bits in the last character")
        #expect(Base64URL.decode("A") == nil)
    }
}
