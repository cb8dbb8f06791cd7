import Testing
@testable import photosource

@Suite("REPL sign-in commands")
struct ReplSignInTests {
    @Test("login, logout and whoami parse (with their aliases) and refuse arguments", arguments: [
        ("login", ReplCommand.login), ("signin", .login), ("LOGOUT", .logout), ("signout", .logout), ("whoami", .whoami),
    ])
    func parses(line: String, command: ReplCommand) throws {
        #expect(try ReplCommand.parse(line) == command)
        #expect(throws: ReplInputError.self) { try ReplCommand.parse(line + " now") }
    }

    @Test("help lists the sign-in commands")
    func help() {
        let help = ReplCommandSpec.helpLines()
        for name in ["login", "logout", "whoami"] {
            #expect(help.contains { $0.hasPrefix("  \(name) ") })
        }
    }

    @Test("on a source without sign-in, whoami says so and login is a one-line error")
    func noSignIn() async {
        let harness = ReplHarness()
        // When
        await harness.run(["whoami", "login", "logout"])
        // Then
        #expect(harness.output.lines == ["Sample Library needs no sign-in."])
        #expect(harness.output.errors.count == 2)
        #expect(harness.output.errors.allSatisfy { $0.contains("needs no sign-in; `login` is for sources such as cloud:URL.") })
    }
}

@Suite("Progress bar")
struct ProgressBarTests {
    @Test("with a known length: the bar, the percentage and both sizes")
    func known() {
        let line = ProgressBar.line(label: "a.jpg", received: 500, expected: 1000, width: 10)
        #expect(line.hasPrefix("a.jpg [#####-----]  50%  "))
        #expect(line.contains(" of "))
    }

    @Test("with an unknown length: only the bytes so far")
    func unknown() {
        #expect(!ProgressBar.line(label: "a.jpg", received: 2048, expected: nil).contains("["))
    }

    @Test("received beyond expected is drawn full, not past 100%")
    func clamped() {
        #expect(ProgressBar.line(label: "x", received: 20, expected: 10, width: 4).hasPrefix("x [####] 100%"))
    }
}
