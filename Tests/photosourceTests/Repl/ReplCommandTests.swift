import Testing
@testable import photosource

@Suite("REPL command parsing")
struct ReplCommandTests {
    @Test("commands and aliases parse", arguments: [
        ("help", ReplCommand.help), ("?", .help), ("sources", .sources), ("ls", .list), ("LIST", .list),
        ("open 3", .open(3)), ("cd 3", .open(3)), ("back", .back), ("..", .back), ("next", .next),
        ("prev", .previous), ("previous", .previous), ("page 2", .page(2)), ("info 12", .info(12)),
        ("use 2", .use(.number(2))), ("use Sample Library", .use(.name("Sample Library"))),
        ("selection", .selection), ("quit", .quit), ("exit", .quit), ("", .empty), ("   \t", .empty),
        ("  open   7  ", .open(7)),
    ])
    func parses(line: String, expected: ReplCommand) throws {
        #expect(try ReplCommand.parse(line) == expected)
    }

    @Test("select and unselect take numbers, ranges and commas")
    func parsesItemNumbers() throws {
        let select = try ReplCommand.parse("select 1 3-5,8")
        let unselect = try ReplCommand.parse("unselect 2,4-4")
        #expect(select == .select(ItemNumbers(ranges: [1...1, 3...5, 8...8])))
        #expect(unselect == .unselect(ItemNumbers(ranges: [2...2, 4...4])))
    }

    @Test("bad lines get one helpful message", arguments: [
        ("frobnicate", "Unknown command \"frobnicate\"; type `help` to see the commands."),
        ("open", "`open` needs an item number, as in `open 1`."),
        ("open x", "`open` takes one number, as in `open 1`."),
        ("open 1 2", "`open` takes one number, as in `open 1`."),
        ("open 0", "Items are numbered from 1."),
        ("page -1", "Pages are numbered from 1."),
        ("page 99999999999999999999999", "`page` takes one number, as in `page 2`."),
        ("ls 3", "`ls` takes no arguments; type `ls` alone."),
        ("use 0", "Sources are numbered from 1; `sources` lists them."),
        ("select", "`select` needs item numbers or ranges, as in `select 1 3-5`."),
        ("select 5-3", "The range 5-3 runs backwards; write 3-5."),
        ("select 2-x", "`select` takes item numbers such as 3 or ranges such as 3-7; \"2-x\" is neither."),
        ("unselect 1-2-3", "`unselect` takes item numbers such as 3 or ranges such as 3-7; \"1-2-3\" is neither."),
        ("select 0-2", "Items are numbered from 1."),
    ])
    func rejects(line: String, message: String) {
        #expect(throws: ReplInputError(message)) { try ReplCommand.parse(line) }
    }

    @Test("item numbers keep their order, drop repeats and stop just past the page")
    func numbersAreBounded() {
        let numbers = ItemNumbers(ranges: [4...4, 1...3, 2...5, 1...Int.max])
        #expect(numbers.numbers(upTo: 6) == [4, 1, 2, 3, 5, 6, 7])
        #expect(numbers.numbers(upTo: 0) == [4, 1, 2], "past the page, each range keeps only its first number")
    }

    @Test("help lists every command of the table, once")
    func helpListsEveryCommand() {
        let lines = ReplCommandSpec.helpLines()
        for spec in ReplCommandSpec.all {
            #expect(lines.filter { $0.hasPrefix("  \(spec.usage) ") }.count == 1, "\(spec.name)")
            #expect(ReplCommandSpec.named(spec.name)?.name == spec.name)
        }
        #expect(lines.count == ReplCommandSpec.all.count + 1)
    }
}
