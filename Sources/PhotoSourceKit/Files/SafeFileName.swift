/// A file name made from a title a source chose, safe to create inside a folder on any common
/// file system: a title is the source's words (a cloud may call a photo `../../.bashrc`), never
/// a path.
public enum SafeFileName {
    /// The longest name made, in UTF-8 bytes (file systems allow 255; room is left for suffixes).
    public static let maximumBytes = 200

    /// `title` with path separators, characters Windows and macOS refuse (`\ : * ? " < > |`),
    /// control and bidirectional-override characters and the replacement character (what an
    /// undecodable byte became) each turned into `_`; leading dots and spaces and trailing dots
    /// and spaces removed (no hidden files, no `..`); cut to ``maximumBytes`` on a character
    /// boundary; `fallback` when nothing is left.
    public static func make(from title: String, fallback: String = "photo") -> String {
        var name = String(String.UnicodeScalarView(title.unicodeScalars.map { isUnsafe($0) ? "_" : $0 }))
        while let first = name.first, first == "." || first == " " { name.removeFirst() }
        while let last = name.last, last == "." || last == " " { name.removeLast() }
        while name.utf8.count > maximumBytes { name.removeLast() }
        return name.isEmpty ? fallback : name
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x202A...0x202E, 0x2066...0x2069, 0xFFFD: true  // bidi embeddings/overrides/isolates, U+FFFD
        default: "/\\:*?\"<>|".unicodeScalars.contains(scalar)
        }
    }
}
