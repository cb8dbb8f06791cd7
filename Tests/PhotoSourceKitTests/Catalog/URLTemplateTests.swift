import PhotoSourceKit
import Testing

@Suite("URLTemplate")
struct URLTemplateTests {
    @Test("{{name}} percent-encodes hostile values; {{{name}}} inserts them raw",
          arguments: [
            ("a&b=c", "a%26b%3Dc"),
            ("x#frag", "x%23frag"),
            ("a/b/../c", "a%2Fb%2F..%2Fc"),
            ("100%", "100%25"),
            ("\"quoted\" 'single'", "%22quoted%22%20%27single%27"),
            ("line1\nline2\r\n", "line1%0Aline2%0D%0A"),
            ("📷 Ünïcode", "%F0%9F%93%B7%20%C3%9Cn%C3%AFcode"),
            ("safe-._~AZaz09", "safe-._~AZaz09"),
          ])
    func encoding(value: String, encoded: String) throws {
        // Given
        let template = try URLTemplate("https://editor.example/open?img={{imageURL}}&raw={{{imageURL}}}")
        // When
        let url = try template.expand(["imageURL": value], required: ["imageURL"])
        // Then
        #expect(url == "https://editor.example/open?img=\(encoded)&raw=\(value)")
    }

    @Test("a long value is encoded whole")
    func longValue() throws {
        let value = String(repeating: "é&", count: 20_000)
        let url = try URLTemplate("https://e.example/?v={{title}}").expand(["title": value], required: ["title"])
        #expect(url == "https://e.example/?v=" + String(repeating: "%C3%A9%26", count: 20_000))
    }

    @Test("an optional parameter's query item appears only when supplied, with its key")
    func optionalParameters() throws {
        let template = try URLTemplate("https://e.example/edit?back={{returnURL}}&img={{imageURL}}&lang={{language}}#tab=1&t={{title}}")
        let declared = (required: ["imageURL"], optional: ["returnURL", "language", "title"])
        // When: none of the optional ones is given
        let bare = try template.expand(["imageURL": "u"], required: declared.required, optional: declared.optional)
        // Then: their items are gone, separators stay right
        #expect(bare == "https://e.example/edit?img=u#tab=1")
        // When: all are given
        let full = try template.expand(
            ["imageURL": "u", "returnURL": "r", "language": "de", "title": "T"], required: declared.required, optional: declared.optional)
        #expect(full == "https://e.example/edit?back=r&img=u&lang=de#tab=1&t=T")
    }

    @Test("a raw value's & # ? never starts a new item or drops a neighbour")
    func rawSeparators() throws {
        let template = try URLTemplate("https://e.example/?a={{{imageURL}}}&b={{title}}")
        let url = try template.expand(["imageURL": "x&y#z?w"], required: ["imageURL"], optional: ["title"])
        #expect(url == "https://e.example/?a=x&y#z?w")
    }

    @Test("parameters the action does not declare are dropped, even when given")
    func undeclaredDropped() throws {
        let template = try URLTemplate("https://e.example/?img={{imageURL}}&secret={{sessionToken}}")
        let url = try template.expand(["imageURL": "u", "sessionToken": "s3cret"], required: ["imageURL"])
        #expect(url == "https://e.example/?img=u")
    }

    @Test("a missing required parameter is an error naming it")
    func missingRequired() throws {
        let template = try URLTemplate("https://e.example/?img={{imageURL}}")
        let error = #expect(throws: PhotoSourceError.self) {
            try template.expand(["title": "t"], required: ["imageURL"])
        }
        #expect(error?.code == .invalidData)
        #expect(error?.detail == "imageURL")
        #expect(error?.message.contains("“imageURL”") == true)
    }

    @Test("malformed placeholders are refused", arguments: ["https://e.example/{{imageURL", "https://e.example/{{}}", "https://e.example/{{a b}}", "https://e.example/{{{x}}"])
    func malformed(text: String) {
        #expect(throws: PhotoSourceError.self) { try URLTemplate(text) }
    }

    @Test("parameterNames lists every placeholder in path, query and fragment")
    func names() throws {
        let template = try URLTemplate("https://e.example/{{fileName}}?a={{imageURL}}#{{{title}}}")
        #expect(template.parameterNames == ["fileName", "imageURL", "title"])
    }
}
