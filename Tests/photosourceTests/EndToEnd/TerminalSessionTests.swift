import Foundation
import Testing

@Suite("photosource browse on a terminal: line editing, history, completion, Ctrl-C")
struct TerminalSessionTests {
    @Test("Ctrl-C cancels the line at the prompt and a running command; the REPL answers the next one; Ctrl-D leaves")
    func ctrlC() async throws {
        let folder = try PhotoFolder.library()
        let homes = SharedFolders()
        let cloud = try DemoCloudProcess(autoApprove: false)
        defer {
            folder.remove()
            homes.remove()
        }
        let session = try PtySession(["browse", folder.sourceArgument, cloud.sourceArgument], environment: homes.environment)
        #expect(await session.waitFor("Library:/ [page 1/1]>"), "\(session.text)")
        // When: Ctrl-C on a half-typed line
        session.send("frobnicate")
        // Then: the line is dropped, not run, and the REPL is still there
        #expect(await session.type("\u{3}"))
        #expect(session.text.contains("^C"))
        #expect(await session.enter("sources"))
        #expect(session.text.contains("(\(folder.sourceArgument))"))
        #expect(!session.text.contains("Unknown command"))
        // When: Ctrl-C while `login` waits for an approval that never comes
        #expect(await session.enter("use 2"))
        #expect(session.text.contains("type `login`"))
        session.send("login\r")
        #expect(await session.waitFor("Waiting for the sign-in to finish"))
        // Then
        #expect(await session.type("\u{3}"))
        #expect(session.text.contains("Interrupted."))
        #expect(!session.text.contains("Stopped waiting"), "the cancelled command prints nothing more")
        #expect(await session.enter("whoami"))
        #expect(session.text.contains("Not signed in to"))
        #expect(session.isRunning)
        // When: Ctrl-D on an empty line
        session.send("\u{4}")
        #expect(await session.exitStatus() == 0, "\(session.text)")
        await cloud.stop()
    }

    @Test("the up arrow recalls lines of the previous run from the XDG state folder; Tab completes command names")
    func historyAndCompletion() async throws {
        let folder = try PhotoFolder.library()
        let homes = SharedFolders()
        defer {
            folder.remove()
            homes.remove()
        }
        let state = homes.root.appendingPathComponent("state")
        let environment = homes.environment.merging(["XDG_STATE_HOME": state.path]) { $1 }
        let first = try PtySession(["browse", folder.sourceArgument], environment: environment)
        #expect(await first.waitFor("Library:/ [page 1/1]>"), "\(first.text)")
        #expect(await first.enter("open 1"))
        #expect(first.text.contains("Library:/Travel [page 1/1]"))
        first.send("quit\r")
        #expect(await first.exitStatus() == 0)
        let history = try String(contentsOf: state.appendingPathComponent("photosource/history"), encoding: .utf8)
        #expect(history.contains("open\\0401") && history.contains("quit"), "\(history) after \(first.text)")
        // When: a new run, up arrow twice (quit, then open 1), Enter
        let second = try PtySession(["browse", folder.sourceArgument], environment: environment)
        #expect(await second.waitFor("Library:/ [page 1/1]>"))
        #expect(await second.type("\u{1B}[A\u{1B}[A\r"))
        // Then
        #expect(second.text.contains("Library:/Travel [page 1/1]"))
        #expect(!second.text.contains("Unknown command"))
        // When: Tab after `sel` (select, selection) and again to list them; `whoa` completes to whoami
        second.send("sel\t")
        #expect(await second.waitFor("ect"))
        #expect(await second.type("\t"))
        #expect(second.text.contains("select  selection"))
        #expect(await second.type("\u{3}"))
        #expect(await second.enter("whoa\t"))
        #expect(second.text.contains("Library needs no sign-in."))
        second.send("\u{4}")
        #expect(await second.exitStatus() == 0)
    }

    @Test("the first run shows progress while it generates the demo library; later runs are silent about it")
    func demoLibraryProgress() async throws {
        let homes = SharedFolders()
        defer { homes.remove() }
        // When
        let first = try PtySession(["ls", "demo"], environment: homes.environment.merging(["HOME": homes.root.path]) { $1 })
        let firstStatus = await first.exitStatus(within: 120)
        let second = try PtySession(["ls", "demo"], environment: homes.environment.merging(["HOME": homes.root.path]) { $1 })
        let secondStatus = await second.exitStatus(within: 60)
        // Then
        #expect(firstStatus == 0 && secondStatus == 0)
        #expect(first.text.contains("Generating the demo library (first run only): 1 of "))
        #expect(first.text.contains("Sample Library:/ [page 1/1]"))
        #expect(!second.text.contains("Generating"))
        #expect(second.text.contains("Sample Library:/ [page 1/1]"))
    }
}
