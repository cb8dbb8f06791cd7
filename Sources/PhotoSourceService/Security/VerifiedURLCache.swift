import Synchronization

/// Signed URLs already verified, so the warm path of a thumbnail grid (the same URLs asked for
/// again and again by browsers, CDNs and `wrk`) skips the HMAC, the base64url and the JSON.
///
/// Keyed by the exact kind, signature and payload text a key once verified: the same text
/// verifies the same way for the life of the process (the keys are fixed at start), so a hit
/// only has its expiry checked again. Bounded: when full it starts over, which costs one
/// verification per URL and keeps the memory at ``capacity`` entries.
final class VerifiedURLCache: Sendable {
    /// The most entries kept.
    let capacity: Int
    private let entries = Mutex<[String: SignedAsset]>([:])

    /// A cache of at most `capacity` verified URLs.
    init(capacity: Int = 8192) {
        self.capacity = capacity
    }

    /// The asset `key` verified as earlier, or `nil`.
    func asset(for key: String) -> SignedAsset? {
        entries.withLock { $0[key] }
    }

    /// Remembers that `key` verified as `asset`.
    func remember(_ asset: SignedAsset, for key: String) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = asset
        }
    }

    /// How many URLs are remembered (for tests).
    var count: Int { entries.withLock { $0.count } }
}
