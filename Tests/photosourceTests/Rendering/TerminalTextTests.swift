import Testing
@testable import photosource

@Suite("TerminalText")
struct TerminalTextTests {
    @Test("C0, DEL, C1 and bidi overrides become visible escapes; everything else is kept")
    func escapes() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb\n\t\u{0}") == "a\\x1b[2Jb\\x0a\\x09\\x00")
        #expect(TerminalText.escaped("del\u{7F} csi\u{9B} nbsp\u{A0}") == "del\\x7f csi\\x9b nbsp\u{A0}")
        #expect(TerminalText.escaped("evil\u{202E}gpj.exe") == "evil\\u{202e}gpj.exe")
        #expect(TerminalText.escaped("Café ×2 \u{FFFD}.jpg") == "Café ×2 \u{FFFD}.jpg")
    }

    @Test("JSONText writes DEL and C1 as \\u escapes, which decode back to the same text")
    func json() throws {
        let text = try JSONText.encode(["t": "a\u{7F}b\u{9B}c\u{1B}"])
        #expect(text == #"{"t":"a\u007fb\u009bc\u001b"}"#)
    }
}
