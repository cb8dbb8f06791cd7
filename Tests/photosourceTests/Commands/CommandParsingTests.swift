import ArgumentParser
import Foundation
import Testing
@testable import photosource

@Suite("Command-line parsing")
struct CommandParsingTests {
    @Test("ls takes SOURCE, SCOPE-ID, --page, --count and --json")
    func parsesList() throws {
        let command = try #require(try Root.parseAsRoot(["ls", "local:/photos", "Travel/Italy", "--page", "2", "--count", "5", "--json"]) as? Root.List)
        #expect(command.source.source == "local:/photos")
        #expect(command.scopeID == "Travel/Italy")
        #expect(command.page == 2 && command.count == 5 && command.output.json)
    }

    @Test("ls defaults: the top, page 1, 50 items, text")
    func listDefaults() throws {
        let command = try #require(try Root.parseAsRoot(["ls", "local:/photos"]) as? Root.List)
        #expect(command.scopeID == nil && command.page == 1 && command.count == 50 && !command.output.json)
    }

    @Test("info takes SOURCE and ITEM-ID")
    func parsesInfo() throws {
        let command = try #require(try Root.parseAsRoot(["info", "local:/p", "a/b.jpg", "--json"]) as? Root.Info)
        #expect(command.itemID == "a/b.jpg" && command.output.json)
    }

    @Test("browse takes any number of sources and a page size")
    func parsesBrowse() throws {
        let command = try #require(try Root.parseAsRoot(["browse", "local:/a", "local:/b", "--page-size", "7"]) as? Root.Browse)
        #expect(command.sources == ["local:/a", "local:/b"] && command.pageSize == 7)
        let bare = try #require(try Root.parseAsRoot(["browse"]) as? Root.Browse)
        #expect(bare.sources.isEmpty)
    }

    @Test("usage mistakes are refused with an actionable sentence", arguments: [
        (["ls", "local:/p", "--page", "0"], "--page starts at 1"),
        (["ls", "local:/p", "--count", "0"], "--count must be between 1 and 10000"),
        (["ls", "photos"], "\"photos\" is not a source"),
        (["info", "local:", "x"], "local: needs something after the colon"),
        (["browse", "--page-size", "501"], "--page-size must be between 1 and 500"),
        (["browse", "local:/a", "nope"], "\"nope\" is not a source"),
    ])
    func refuses(arguments: [String], message: String) {
        do {
            _ = try Root.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(Root.message(for: error).contains(message), "\(Root.message(for: error))")
            #expect(Root.exitCode(for: error) == .validationFailure)
        }
    }
}
