/// Names one thumbnail slot: a source, one of its items, and a spec.
///
/// The item's version (its validator) is deliberately not part of the slot: it is stored with
/// the entry and compared on lookup, so a new version replaces the old entry instead of leaving
/// it behind, and an entry can be found before the current version is known.
struct CacheKey: Hashable, Sendable {
    /// The item, across sources.
    let item: ItemReference
    /// What thumbnail.
    let spec: ThumbnailSpec

    /// `"source\0item\0spec"`: unambiguous, stored in disk entries to detect name collisions.
    var canonical: String { "\(item.sourceID)\u{0}\(item.itemID)\u{0}\(spec)" }

    /// The disk entry's file name: a 64-bit FNV-1a hash of ``canonical`` in hex.
    var fileName: String {
        let hash = FNV1a.hash(canonical.utf8)
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".thumb"
    }
}

/// One item of one source.
struct ItemReference: Hashable, Sendable {
    /// The source's id.
    let sourceID: String
    /// The item's id within the source.
    let itemID: String
}

/// The 64-bit FNV-1a hash: stable across runs and processes (unlike `Hasher`), for file names.
enum FNV1a {
    /// The hash of `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return value
    }
}
