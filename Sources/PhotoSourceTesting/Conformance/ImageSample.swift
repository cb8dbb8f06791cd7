/// Which of the images found while exploring get downloaded and decoded.
///
/// Small listings are checked whole. Larger ones are sampled across the whole listing: the first
/// image, the last, and the rest picked at random with a seed the report prints, so a failure
/// seen once can be run again with the same picks
/// (``PhotoSourceConformance/Configuration/sampleSeed``).
struct ImageSample: Sendable, Equatable {
    /// The positions picked, in listing order.
    let positions: [Int]
    /// How many images there were to pick from.
    let total: Int
    /// The seed of the random picks; `nil` when every image was taken.
    let seed: UInt64?

    /// Picks at most `maximum` of `total` positions.
    init(total: Int, maximum: Int, seed: UInt64) {
        self.total = total
        guard total > maximum else {
            positions = Array(0..<total)
            self.seed = nil
            return
        }
        var picked: Set<Int> = maximum >= 2 ? [0, total - 1] : maximum == 1 ? [0] : []
        var generator = SplitMix64(seed: seed)
        while picked.count < maximum {
            picked.insert(Int(generator.next() % UInt64(total)))
        }
        positions = picked.sorted()
        self.seed = seed
    }

    /// `"all 4 images"` or `"5 of 120 images: the first, the last and 3 picked with seed 42"`.
    var description: String {
        guard let seed else { return "all \(total) image\(total == 1 ? "" : "s")" }
        let random = positions.count - min(2, positions.count)
        return "\(positions.count) of \(total) images: the first, the last and \(random) picked with seed \(seed)"
    }
}

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same picks on every
/// platform and Swift version, which `SystemRandomNumberGenerator` cannot promise.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
