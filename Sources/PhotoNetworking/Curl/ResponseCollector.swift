/// Collects the status and headers of a response from curl's header callback, one line at a time.
///
/// Interim responses (`100 Continue`) are dropped when the next status line starts.
struct ResponseCollector {
    /// The status from the last status line seen (0 before one arrives).
    private(set) var status = 0
    /// Lowercased header names; repeated headers joined with ", ".
    private(set) var headers: [String: String] = [:]
    /// Whether the blank line that ends a final (non-1xx) header block has arrived.
    private(set) var isComplete = false

    /// Takes one header line (with its line break). Returns `false` for a line that is not
    /// HTTP, which aborts the transfer.
    mutating func take(line bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var line = Substring(String(decoding: bytes, as: UTF8.self))
        while let last = line.last, last.isNewline { line.removeLast() }  // "\r\n" is one Character
        if line.hasPrefix("HTTP/") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count >= 2, let code = Int(fields[1]), (100...999).contains(code) else { return false }
            status = code
            headers = [:]
            isComplete = false
            return true
        }
        if line.isEmpty {
            if status >= 200 { isComplete = true }
            return true
        }
        if line.first == " " || line.first == "\t" { return true }  // obsolete folding: ignored
        guard let colon = line.firstIndex(of: ":") else { return isComplete }  // trailers may be odd
        let name = line[..<colon].lowercased()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        if let existing = headers[name] {
            headers[name] = existing + ", " + value
        } else {
            headers[name] = value
        }
        return true
    }

    /// The declared body length, when the response has one that parses.
    var contentLength: Int64? {
        guard let text = headers["content-length"] else { return nil }
        // Repeated headers were joined; differing values are not trusted.
        let values = Set(text.split(separator: ",").map { $0.trimmingWhitespace() })
        guard values.count == 1, let only = values.first else { return nil }
        return Int64(only)
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (optional whitespace around a field value).
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
