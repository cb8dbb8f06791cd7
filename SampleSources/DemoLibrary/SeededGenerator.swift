/// A small deterministic random number generator (SplitMix64), so the demo library is the same
/// bytes on every machine and every run. Its own range helpers avoid depending on how the
/// standard library maps random bits to ranges.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A generator seeded from `text` with 64-bit FNV-1a (stable across processes, unlike `Hasher`).
    init(text: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.init(seed: hash)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (the tiny modulo bias does not matter for pictures).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A fraction in 0..<1.
    mutating func fraction() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
