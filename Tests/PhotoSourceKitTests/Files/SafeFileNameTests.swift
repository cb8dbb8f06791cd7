import PhotoSourceKit
import Testing

@Suite("SafeFileName: titles made into names that stay inside their folder")
struct SafeFileNameTests {
    @Test(arguments: [
        ("IMG_0001", "IMG_0001"),
        ("café été", "café été"),
        ("../../etc/passwd", "_.._etc_passwd"),
        ("..", "photo"),
        ("  .hidden ", "hidden"),
        ("a\\b:c*d?e\"f<g>h|i", "a_b_c_d_e_f_g_h_i"),
        ("line\nbreak\u{7F}\u{85}", "line_break__"),
        ("right\u{202E}gpj.exe", "right_gpj.exe"),
        ("caf\u{FFFD}", "caf_"),
        ("", "photo"),
    ])
    func names(title: String, expected: String) {
        #expect(SafeFileName.make(from: title) == expected)
    }

    @Test("a long title is cut on a character boundary to at most maximumBytes of UTF-8")
    func longTitles() {
        let name = SafeFileName.make(from: String(repeating: "é", count: 300))
        #expect(name.utf8.count <= SafeFileName.maximumBytes)
        #expect(name == String(repeating: "é", count: SafeFileName.maximumBytes / 2))
    }
}
