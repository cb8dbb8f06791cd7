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

    @Test("thumbnail --help shows one default for --jobs, not the build machine's core count as well")
    func jobsHelp() {
        let help = Root.helpMessage(for: Root.MakeThumbnails.self, columns: 200)
        let line = help.split(separator: "\n").first { $0.contains("--jobs <jobs>") && $0.contains("rendered") }.map(String.init) ?? ""
        #expect(line.contains("(default: the number of cores)"), "\(help)")
        #expect(line.components(separatedBy: "default").count == 2, "\(line)")
    }

    @Test("help lines fit 80 columns, so the terminal never wraps them without indent")
    func helpFits() {
        let discussions = [Root.configuration.discussion, Root.Browse.configuration.discussion]
        for line in discussions.flatMap({ $0.split(separator: "\n") }) where line.hasPrefix(" ") {
            #expect(line.count < 80, "\(line)")
        }
    }

    @Test("--version prints the version")
    func version() async throws {
        let result = try await PhotosourceBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.lines == [PhotosourceVersion.current])
    }

    @Test("usage mistakes are refused with an actionable sentence", arguments: [
        (["ls", "local:/p", "--page", "0"], "--page must be 1 or more"),
        (["ls", "local:/p", "--page", "-1"], "--page must be 1 or more (pages are numbered from 1); -1 is not a page."),
        (["ls", "local:/p", "--count", "-3"], "--count must be between 1 and 10000; -3 is not."),
        (["thumbnail", "a.jpg", "--size", "-5"], "--size must be between 1 and 4096 pixels; -5 is not."),
        (["thumbnail", "a.jpg", "--jobs", "-1"], "--jobs must be between 1 and 256; -1 is not."),
        (["browse", "--page-size", "-2"], "--page-size must be between 1 and 500; -2 is not."),
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
