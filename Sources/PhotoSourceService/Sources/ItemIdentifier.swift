import PhotoSourceKit

/// The item ids (and scope ids) a request may name: no source has ids longer than
/// ``maximumBytes``, so longer ones are refused before any source or file system sees them, and
/// messages quote at most the start of an id.
enum ItemIdentifier {
    /// The longest id accepted, in UTF-8 bytes: four times a file name's limit, far above any
    /// provider's ids, and small enough that every message and log line stays short.
    static let maximumBytes = 1024

    /// `id` when it is not too long to name anything.
    ///
    /// - Throws: `.invalidData` (400) when it is over ``maximumBytes``, quoting only its start.
    static func checked(_ id: String, kind: String = "item id") throws -> String {
        let length = id.utf8.count
        guard length <= maximumBytes else {
            throw PhotoSourceError(
                .invalidData, "The \(kind) \"\(quoted(id))\" is \(length) bytes long; ids are at most \(maximumBytes) bytes, so no item has it.")
        }
        return id
    }

    /// The first 40 characters of `id`, followed by "…" when there are more.
    static func quoted(_ id: String) -> String {
        id.count <= 40 ? id : id.prefix(40) + "…"
    }
}
