import Foundation
import PhotoImaging

/// The check on an upload's first bytes: as soon as the first 16 (or all, for a shorter upload)
/// have arrived, they must be a JPEG or PNG signature, so a video or a document is refused after
/// its first chunk rather than after its last.
struct UploadSniff {
    /// How many leading bytes decide (enough for ``ImageHeader/read(_:)`` to name what they are instead).
    let needed: Int
    /// The leading bytes seen so far (at most ``needed``).
    private(set) var prefix: Data
    private var decided: Bool

    /// A check for an upload of `length` bytes of which `alreadyWritten` are on disk;
    /// `existing` reads those when fewer than needed.
    init(length: Int, alreadyWritten: Int, existing: (Int) throws -> Data) rethrows {
        needed = min(16, length)
        decided = alreadyWritten >= needed
        prefix = decided ? Data() : try existing(alreadyWritten)
    }

    /// Adds the next bytes; `true` when the leading bytes are complete and not JPEG or PNG.
    mutating func refuses(after bytes: some Collection<UInt8>) -> Bool {
        guard !decided else { return false }
        prefix.append(contentsOf: bytes.prefix(needed - prefix.count))
        guard prefix.count >= needed else { return false }
        decided = true
        return ImageHeader.sniff(prefix) == nil
    }
}
