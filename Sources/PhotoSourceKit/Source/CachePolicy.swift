/// How the shared thumbnail cache may treat one item (Print.io's
/// `shouldCacheImageForItem:` and `shouldUseCachedImageForItem:`).
public struct CachePolicy: Sendable, Hashable, Codable {
    /// Whether a freshly made thumbnail of this item may be stored.
    public var shouldCache: Bool
    /// Whether a stored thumbnail of this item may be served.
    public var shouldUseCached: Bool

    /// Creates a policy.
    public init(shouldCache: Bool = true, shouldUseCached: Bool = true) {
        self.shouldCache = shouldCache
        self.shouldUseCached = shouldUseCached
    }

    /// Cache and reuse: the default for almost every item.
    public static let `default` = CachePolicy()
    /// Never store nor reuse (for example a photo that changes under the same id).
    public static let never = CachePolicy(shouldCache: false, shouldUseCached: false)
}
