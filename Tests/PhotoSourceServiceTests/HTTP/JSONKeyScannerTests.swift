@testable import PhotoSourceService
import Testing

@Suite("JSON duplicate keys")
struct JSONKeyScannerTests {
    static let cases: [(String, JSONKeyScanner.Outcome)] = [
        (#"{"a": 1, "b": [1, 2, {"a": 3}], "c": {"a": {"a": null}}}"#, .unique),
        (#"{"a": 1, "a": 2}"#, .duplicate(key: "a", path: "")),
        (#"{"a": 1, "\u0061": 2}"#, .duplicate(key: "a", path: "")),
        (#"{"items": [{"x": 1}, {"x": 1, "y": 2, "x": 3}]}"#, .duplicate(key: "x", path: "items[1]")),
        (#"{"o": {"p": {"q": true, "q": false}}}"#, .duplicate(key: "q", path: "o.p")),
        ("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", .duplicate(key: "caf\u{E9}", path: "")),
        (#"{"\ud83d\ude00": 1, "😀": 2}"#, .duplicate(key: "😀", path: "")),
        (#"{"a\"b": 1, "a\\b": 2, "a/b": 3, "a\/c": 4}"#, .unique),
        (#"{"s": "{\"a\": 1, \"a\": 2}"}"#, .unique),
        (#"[{"a": 1}, {"a": 2}]"#, .unique),
        (" \n{ } ", .unique),
        (#"-0.5e+10"#, .unique),
        (#"{"a": 1,}"#, .notJSON),
        (#"{"a": 01}"#, .notJSON),
        (#"{"a": 1} x"#, .notJSON),
        (#"{'a': 1}"#, .notJSON),
        (#"{"a": tru}"#, .notJSON),
        ("{\"a\": \"line\nbreak\"}", .notJSON),
        ("", .notJSON),
        ("reference=R-1&product=4x6", .notJSON),
    ]

    @Test("repeated keys are found wherever they are, after unescaping; valid JSON without them passes; anything else is not JSON")
    func outcomes() {
        for (text, expected) in Self.cases {
            #expect(JSONKeyScanner.scan(Array(text.utf8)) == expected, "\(text)")
        }
    }

    @Test("nesting deeper than the limit is not JSON; at the limit it is read")
    func depth() {
        let deep = String(repeating: "[", count: JSONKeyScanner.maximumDepth + 1) + String(repeating: "]", count: JSONKeyScanner.maximumDepth + 1)
        #expect(JSONKeyScanner.scan(Array(deep.utf8)) == .notJSON)
        let limit = String(repeating: "[", count: JSONKeyScanner.maximumDepth) + String(repeating: "]", count: JSONKeyScanner.maximumDepth)
        #expect(JSONKeyScanner.scan(Array(limit.utf8)) == .unique)
    }
}
