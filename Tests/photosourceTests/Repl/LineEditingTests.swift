import Foundation
import Testing
@testable import photosource

@Suite("REPL line editing: completion and the history file")
struct LineEditingTests {
    @Test("Tab completes a unique command with a space, a shared prefix without, and lists the rest")
    func completion() {
        #expect(ReplCompletion.complete("whoa") == .insert("mi "))
        #expect(ReplCompletion.complete("  un") == .insert("select "))
        #expect(ReplCompletion.complete("sel") == .insert("ect"))
        #expect(ReplCompletion.complete("se") == .candidates(["select", "selection", "send"]))
        #expect(ReplCompletion.complete("select") == .candidates(["select", "selection"]))
        #expect(ReplCompletion.complete("zz") == .nothing)
        #expect(ReplCompletion.complete("open 1") == .nothing, "only the command word is completed")
        #expect(ReplCompletion.names.contains("exit") && !ReplCompletion.names.contains(".."))
    }

    @Test("the history lives in $XDG_STATE_HOME/photosource, by default ~/.local/state/photosource")
    func historyFile() {
        #expect(HistoryFile.url(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path == "/s/photosource/history")
        #expect(HistoryFile.url(environment: ["HOME": "/h"]).path == "/h/.local/state/photosource/history")
        #expect(HistoryFile.url(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path == "/h/.local/state/photosource/history")
    }

    @Test("prompt escapes are marked so libedit does not count them as columns")
    func promptMarks() {
        #expect(LineEditor.markingEscapes("\u{1B}[1mLib> \u{1B}[0m") == "\u{1}\u{1B}[1m\u{1}Lib> \u{1}\u{1B}[0m\u{1}")
    }
}
