import PhotoSourceKit
import Testing
@testable import photosource

@Suite("REPL behaviour")
struct ReplBehaviourTests {
    @Test("unknown commands and bad numbers print one line each and the REPL goes on")
    func keepsGoing() async {
        let harness = ReplHarness()
        // When
        await harness.run(["frobnicate", "open 99", "open x", "info 0", "open 3", "ls"])
        // Then
        #expect(harness.output.errors == [
            "Unknown command \"frobnicate\"; type `help` to see the commands.",
            "There is no item 99 on this page; pick 1 to 3.",
            "`open` takes one number, as in `open 1`.",
            "Items are numbered from 1.",
            "cover.jpg is a photo, not an album or folder; it cannot be opened.",
        ])
        #expect(harness.output.lines.first == "Sample Library:/ [page 1/1]")
    }

    @Test("a failing source prints its error message and the other sources stay usable")
    func sourceErrors() async {
        let failure = PhotoSourceError(.connection, "Could not reach the photo server; check the network.", detail: "timed out")
        let harness = ReplHarness(sources: [SampleTree.failing(failure), SampleTree.library.source()])
        // When
        await harness.run(["ls", "use Sample Library", "sources"])
        // Then
        #expect(harness.output.errors == ["Could not reach the photo server; check the network. (timed out)"])
        #expect(harness.output.lines.first == "Sample Library:/ [page 1/1]")
        #expect(harness.output.lines.suffix(2) == ["  1  Broken  (broken)", "* 2  Sample Library  (sample)"])
    }

    @Test("use by number and name keeps each source's place; an unknown name is refused")
    func switchesSources() async {
        let harness = ReplHarness(sources: [
            SampleTree.library.source(),
            SampleTree.library.source(id: "second", title: "Second Library"),
        ])
        await harness.run(["open 1", "use second"])
        // When
        let returned = await harness.linesOf("use 1")
        let unknown = await harness.linesOf("use Nowhere")
        let tooHigh = await harness.linesOf("use 3")
        // Then
        #expect(returned.first == "Sample Library:/Travel [page 1/1]")
        #expect(unknown.isEmpty && tooHigh.isEmpty)
        #expect(harness.output.errors == [
            "No source is called \"Nowhere\"; `sources` lists them.",
            "There is no source 3; there are 2.",
        ])
    }

    @Test("quit stops reading; later lines are not run")
    func quitStops() async {
        let harness = ReplHarness()
        await harness.run(["quit", "ls"])
        #expect(harness.output.text.isEmpty)
    }

    @Test("piped input gets no banner, no prompt and no escapes; a terminal gets all three")
    func promptOnlyOnATerminal() async {
        let piped = ReplHarness()
        let terminal = ReplHarness(terminal: Terminal(isInteractive: true, usesColor: true, hasTrueColor: false, width: 80))
        // When
        await piped.run(["open 1"])
        await terminal.run(["open 1"])
        // Then
        #expect(!piped.output.text.contains("\u{1B}"))
        #expect(!piped.output.text.contains(">"))
        #expect(terminal.output.text.hasPrefix("photosource: 1 source(s). Type `help` for the commands; Ctrl-D or `quit` leaves.\n"))
        #expect(terminal.output.text.contains("\u{1B}[1mSample Library:/ [page 1/1]> \u{1B}[0m"))
        #expect(terminal.output.text.contains("\u{1B}[1mSample Library:/Travel [page 1/1]> \u{1B}[0m"))
        #expect(terminal.output.text.contains("\u{1B}[1;34mItaly/\u{1B}[0m"))
    }

    @Test("a terminal without colour still gets the prompt, in plain text")
    func plainPrompt() async {
        let harness = ReplHarness(terminal: Terminal(isInteractive: true, usesColor: false, hasTrueColor: false, width: 80))
        await harness.run([])
        #expect(!harness.output.text.contains("\u{1B}"))
        #expect(harness.output.lines.last == "Sample Library:/ [page 1/1]> ")
    }
}
