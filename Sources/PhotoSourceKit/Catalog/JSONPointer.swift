public import Foundation

/// RFC 6901 JSON pointers, for naming where in a catalog a problem is.
public enum JSONPointer {
    /// `/a/b` from path components, escaping `~` and `/`.
    public static func make(_ components: [String]) -> String {
        components.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// The pointer of a decoding path.
    static func make(_ path: [any CodingKey]) -> String {
        make(path.map { key in key.intValue.map(String.init) ?? key.stringValue })
    }

    /// A decoding error as an `invalidData` error whose detail is the pointer of the fault.
    static func problem(for error: DecodingError) -> PhotoSourceError {
        let pointer: String
        let what: String
        switch error {
        case .keyNotFound(let key, let context):
            pointer = make(context.codingPath + [key])
            what = "the field is missing"
        case .typeMismatch(let type, let context):
            pointer = make(context.codingPath)
            what = "expected \(readable(type))"
        case .valueNotFound(let type, let context):
            pointer = make(context.codingPath)
            what = "expected \(readable(type)), found null"
        case .dataCorrupted(let context):
            pointer = make(context.codingPath)
            what = context.codingPath.isEmpty ? "not JSON (\(context.debugDescription))" : context.debugDescription
        @unknown default:
            pointer = ""
            what = "\(error)"
        }
        return PhotoSourceError(.invalidData, "The catalog is not valid at \(pointer.isEmpty ? "/" : pointer): \(what).", detail: pointer, underlying: error)
    }

    private static func readable(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        case is [Any].Type: "an array"
        default: type == LocalizedText.self ? "a string or an object of strings" : "an object"
        }
    }
}
