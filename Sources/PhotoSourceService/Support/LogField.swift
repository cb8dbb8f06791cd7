/// Log values of bounded length: a request can put up to its size limit into a path or an
/// error, and one oversized line should not flood the operator's logs.
enum LogField {
    /// The longest value logged whole, in UTF-8 bytes.
    static let maximumBytes = 2048

    /// `text` when it fits in `limit` UTF-8 bytes, else its start followed by a marker that
    /// says how many bytes were left out: `…[truncated 98304 bytes]`.
    static func bounded(_ text: String, limit: Int = maximumBytes) -> String {
        let bytes = text.utf8
        guard bytes.count > limit else { return text }
        var end = bytes.index(bytes.startIndex, offsetBy: limit)
        // Cut on a character boundary, so the kept start stays valid text.
        while end > bytes.startIndex, String.Index(end, within: text) == nil { end = bytes.index(before: end) }
        let kept = text[..<end]
        return kept + "…[truncated \(bytes.count - kept.utf8.count) bytes]"
    }
}
