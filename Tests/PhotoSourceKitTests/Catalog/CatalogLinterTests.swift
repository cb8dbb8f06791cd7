import Foundation
import PhotoSourceKit
import Testing

@Suite("CatalogLinter")
struct CatalogLinterTests {
    @Test("a good catalog has no problems")
    func good() {
        #expect(CatalogLinter().problems(in: Data(CatalogFixtures.good.utf8)) == [])
    }

    @Test("each fault is one line with its JSON pointer",
          arguments: [
            (CatalogFixtures.handler("a", actions: #"{"edt": {"url": "https://e.example/"}}"#), "/handlers/0/actions/edt", "unknown action"),
            (CatalogFixtures.handler("a", name: #"{"en_US": "A"}"#), "/handlers/0/name/en_US", "BCP-47"),
            (CatalogFixtures.handler("a", actions: #"{"edit": {"url": "https://e.example/?i={{imageURL}}&t={{title}}", "required": ["imageURL"]}}"#),
             "/handlers/0/actions/edit/url", "“title”"),
            (CatalogFixtures.handler("a", actions: #"{"edit": {"url": "https://e.example/?i={{imageURL", "required": ["imageURL"]}}"#),
             "/handlers/0/actions/edit/url", "never closed"),
            (CatalogFixtures.handler("a", actions: #"{"edit": {"url": "https://e.example/?i={{token}}", "required": ["token"]}}"#),
             "/handlers/0/actions/edit/required/0", "unknown parameter"),
            (#"{"id": "a", "name": "A", "actions": {"edit": {"url": "https://e.example/"}}}"#, "/handlers/0/icons/1x", "no 1x icon"),
            (CatalogFixtures.handler("a", actions: #"{"edit": {"url": "http://e.example/?i={{imageURL}}", "required": ["imageURL"]}}"#),
             "/handlers/0/actions/edit/url", "not an https URL"),
            (CatalogFixtures.handler("a", actions: #"{"edit": {"url": "https://e.example/", "fallback": "ftp://e.example/"}}"#),
             "/handlers/0/actions/edit/fallback", "https"),
            (CatalogFixtures.handler("a", extra: #", "platforms": ["web", "windows"]"#), "/handlers/0/platforms/1", "unknown platform"),
            (CatalogFixtures.handler("Not An Id"), "/handlers/0/id", "lowercase"),
            (CatalogFixtures.handler("a", actions: "{}"), "/handlers/0/actions", "no action"),
          ])
    func fault(handler: String, pointer: String, says: String) throws {
        // When
        let problems = CatalogLinter().problems(in: CatalogFixtures.catalog(handler))
        // Then
        let problem = try #require(problems.first { $0.severity == .error })
        #expect(problems.filter { $0.severity == .error }.count == 1, "\(problems)")
        #expect(problem.pointer == pointer)
        #expect(problem.message.contains(says), "\(problem)")
        #expect(problem.description.hasPrefix("error \(pointer): "))
        #expect(!problem.description.contains("\n"))
    }

    @Test("duplicate ids point at the second one and name the first")
    func duplicates() {
        let problems = CatalogLinter().problems(in: CatalogFixtures.catalog(CatalogFixtures.handler("a"), CatalogFixtures.handler("b"), CatalogFixtures.handler("a")))
        #expect(problems.map(\.description) == ["error /handlers/2/id: duplicate id “a”, first used by /handlers/0"])
    }

    @Test("http URLs pass in development; a missing 2x icon is a warning")
    func developmentAndWarnings() {
        let handler = #"{"id": "local", "name": "L", "icons": {"1x": "http://127.0.0.1:9/i.png"}, "actions": {"edit": {"url": "http://127.0.0.1:9/?i={{imageURL}}", "required": ["imageURL"]}}}"#
        let problems = CatalogLinter(development: true).problems(in: CatalogFixtures.catalog(handler))
        #expect(problems.map(\.description) == ["warning /handlers/0/icons/2x: the handler has no 2x icon"])
        #expect(CatalogLinter().problems(in: CatalogFixtures.catalog(handler)).filter { $0.severity == .error }.count == 2)
    }

    @Test("a document that does not parse is one problem at the fault's pointer")
    func unparsable() {
        let problems = CatalogLinter().problems(in: Data(#"{"version": 1, "handlers": [{"id": 3}]}"#.utf8))
        #expect(problems.count == 1)
        #expect(problems.first?.pointer == "/handlers/0/id")
    }

    @Test("pointers escape ~ and / in keys (RFC 6901)")
    func pointerEscaping() {
        #expect(JSONPointer.make(["actions", "a/b~c"]) == "/actions/a~1b~0c")
    }
}
