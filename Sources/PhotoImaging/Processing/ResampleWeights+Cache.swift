import Synchronization

extension ResampleWeights {
    /// The weights for these parameters, computed once and reused: a batch of photos from one
    /// camera asks for the same few axes over and over, and computing an axis costs two `sin`
    /// per tap (about 1 % of a 12 MP thumbnail).
    static func cached(inputSize: Int, outputSize: Int, scale: Double?, origin: Double) -> ResampleWeights {
        let key = CacheKey(inputSize: inputSize, outputSize: outputSize, scale: scale, origin: origin)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let weights = ResampleWeights(inputSize: inputSize, outputSize: outputSize, scale: scale, origin: origin)
        cache.withLock { entries in
            if entries.count >= cacheCapacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = weights
        }
        return weights
    }

    /// How many axes the cache keeps (each at most a few hundred KiB, usually a few KiB).
    static let cacheCapacity = 16

    private struct CacheKey: Hashable {
        var inputSize: Int
        var outputSize: Int
        var scale: Double?
        var origin: Double
    }

    private static let cache = Mutex<[CacheKey: ResampleWeights]>([:])
}
