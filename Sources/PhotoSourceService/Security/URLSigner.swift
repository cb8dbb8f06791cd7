@preconcurrency import Crypto
import Foundation
import PhotoSourceKit

/// Signs and verifies asset URLs imgproxy's way: `/{signature}/{payload}`, the payload base64url
/// JSON, the signature base64url HMAC-SHA256 over the kind and the payload text.
///
/// The first key signs; every key verifies, so a key can be rotated in without breaking URLs
/// already handed out. Signatures are compared in constant time.
struct URLSigner: Sendable {
    /// Why a URL was refused.
    enum Refusal: Error, Equatable {
        /// The signature does not match any key, or the payload is not ours: 403.
        case tampered
        /// The URL was genuine but its time is up: 410.
        case expired
    }

    private let keys: [SymmetricKey]
    /// URLs that verified before: a hit skips the HMAC, the base64url and the JSON.
    let verified = VerifiedURLCache()

    /// A signer with `keys` (base64), the first of which signs.
    init(base64Keys: [String]) throws {
        keys = try base64Keys.map { text in
            guard let data = Data(base64Encoded: text), data.count >= 32 else {
                throw PhotoSourceError(.invalidData, "A URL-signing key is not base64 of at least 32 bytes.")
            }
            return SymmetricKey(data: data)
        }
        guard !keys.isEmpty else { throw PhotoSourceError(.invalidData, "At least one URL-signing key is needed.") }
    }

    /// `signature/payload` for `asset`, to append to `/v1/thumbnails/`, `/v1/originals/` or
    /// (a ``SignedStoredAsset`` of kind `.storedAsset`) `/v1/assets/`.
    func path(for asset: some Encodable, kind: SignedAsset.Kind) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let payload = Base64URL.encode((try? encoder.encode(asset)) ?? Data())
        return Base64URL.encode(signature(kind: kind, payload: payload, key: keys[0])) + "/" + payload
    }

    /// The stored asset an `/v1/assets/` URL names, after checking its signature and expiry
    /// (not cached: labs fetch each asset once or twice, not a grid's worth of times).
    func verifyStoredAsset(signature: String, payload: String, now: Date = Date()) throws(Refusal) -> SignedStoredAsset {
        guard let json = try authenticate(signature: signature, payload: payload, kind: .storedAsset),
              let asset = try? JSONDecoder().decode(SignedStoredAsset.self, from: json)
        else { throw .tampered }
        guard Double(asset.expires) > now.timeIntervalSince1970 else { throw .expired }
        return asset
    }

    /// The asset a URL names when the URL verified before and has not expired; `nil` otherwise,
    /// without checking anything anew (the signed-thumbnail fast path's test).
    func knownAsset(signature: some StringProtocol, payload: some StringProtocol, kind: SignedAsset.Kind, now: Date = Date()) -> SignedAsset? {
        guard let asset = verified.asset(for: "\(kind.rawValue)/\(signature)/\(payload)"), Double(asset.expires) > now.timeIntervalSince1970 else { return nil }
        return asset
    }

    /// The asset a URL names, after checking its signature (any key) and then its expiry.
    func verify(signature: String, payload: String, kind: SignedAsset.Kind, now: Date = Date()) throws(Refusal) -> SignedAsset {
        let cacheKey = "\(kind.rawValue)/\(signature)/\(payload)"
        let asset: SignedAsset
        if let known = verified.asset(for: cacheKey) {
            asset = known
        } else {
            asset = try verifyAnew(signature: signature, payload: payload, kind: kind, cacheKey: cacheKey)
        }
        guard Double(asset.expires) > now.timeIntervalSince1970 else { throw .expired }
        return asset
    }

    /// The full check: the signature against every key, then the payload's JSON.
    private func verifyAnew(signature: String, payload: String, kind: SignedAsset.Kind, cacheKey: String) throws(Refusal) -> SignedAsset {
        guard let json = try authenticate(signature: signature, payload: payload, kind: kind),
              let asset = try? JSONDecoder().decode(SignedAsset.self, from: json)
        else { throw .tampered }
        verified.remember(asset, for: cacheKey)
        return asset
    }

    /// The payload's JSON when the signature matches any key (`.tampered` otherwise; `nil` when it is not base64url).
    private func authenticate(signature: String, payload: String, kind: SignedAsset.Kind) throws(Refusal) -> Data? {
        guard let given = Base64URL.decode(signature), given.count == SHA256.byteCount else { throw .tampered }
        var matched = false
        for key in keys {
            // Every key is tried (no early exit), so timing tells nothing about which one matched.
            if SecretHash.constantTimeEqual(Array(given), Array(self.signature(kind: kind, payload: payload, key: key))) { matched = true }
        }
        guard matched else { throw .tampered }
        return Base64URL.decode(payload)
    }

    private func signature(kind: SignedAsset.Kind, payload: String, key: SymmetricKey) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data("\(kind.rawValue)/\(payload)".utf8), using: key))
    }
}
