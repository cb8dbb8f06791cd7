import Foundation
import Testing

/// `photosource browse` in a window the person resizes: what it draws follows the window's size
/// at the time it draws, not the size it started with.
@Suite("photosource browse in a resized window")
struct WindowResizeTests {
    /// A folder with one real 200×100 picture, `wide.png`.
    func pictureFolder() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        try folder.write("wide.png", ThumbnailCommandTests.gradient200x100)
        return folder
    }

    /// Runs `body` with `browse` over ``pictureFolder()`` on a 100×40 window, from its first
    /// prompt; then quits, which must end the program cleanly.
    func withSession(_ body: (WindowPtySession) async throws -> Void) async throws {
        let folder = try pictureFolder()
        let homes = SharedFolders()
        let environment = homes.environment.merging(["HOME": homes.root.path, "XDG_STATE_HOME": homes.root.appendingPathComponent("state").path]) { $1 }
        defer {
            folder.remove()
            homes.remove()
        }
        let session = try WindowPtySession(["browse", folder.sourceArgument], environment: environment, columns: 100, rows: 40)
        #expect(await session.waitFor("Library:/ [page 1/1]>"), "\(session.text)")
        try await body(session)
        session.send("quit\r")
        #expect(await session.exitStatus(within: 60) == 0, "\(session.text)")
    }

    /// The widest row of half blocks drawn since `start` (a character offset in the screen text).
    func widestPicture(in text: String, after start: String.Index) -> Int {
        text[start...].split(whereSeparator: \.isNewline).map { $0.filter { $0 == "▀" }.count }.max() ?? 0
    }

    @Test("view draws for the window as it is now: narrowed from 100 to 40 columns it draws 40; widened again, 100")
    func viewFollowsResizes() async throws {
        try await withSession { session in
            // When: drawn at 100×40
            var start = session.text.endIndex
            #expect(await session.enter("view 1"))
            // Then
            #expect(widestPicture(in: session.text, after: start) == 100, "\(session.text)")
            // When: narrowed to 40×20, then drawn
            session.resize(columns: 40, rows: 20)
            start = session.text.endIndex
            #expect(await session.enter("view 1"))
            // Then
            #expect(widestPicture(in: session.text, after: start) == 40, "\(session.text)")
            // When: widened to 100×40 again
            session.resize(columns: 100, rows: 40)
            start = session.text.endIndex
            #expect(await session.enter("view 1"))
            // Then
            #expect(widestPicture(in: session.text, after: start) == 100, "\(session.text)")
        }
    }

    @Test("a resize while the prompt waits is noticed within the same line: it wraps at the new width")
    func lineEditorFollowsResizes() async throws {
        try await withSession { session in
            // When: narrowed while the prompt waits, then 60 characters typed on one line
            session.resize(columns: 40, rows: 20)
            let typed = String(repeating: "x", count: 60)
            // Then: the editor wraps the line at column 40; it would echo the 60 characters in one
            // run if it still thought the window 100 wide. SIGWINCH reaches the program a moment
            // after the resize, so the characters are typed, and if need be erased (never Enter:
            // a new line would read the size anew, as before the fix), up to five times a second
            // apart; before the fix the line never wraps.
            var wrapped = false
            var echoes: [String] = []
            for _ in 1...5 where !wrapped {
                try await Task.sleep(for: .seconds(1))
                let start = session.text.endIndex
                session.send(typed)
                let deadline = Date().addingTimeInterval(30)
                while session.text[start...].filter({ $0 == "x" }).count < 60 && Date() < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                let echoed = String(session.text[start...])
                wrapped = !echoed.contains(typed)
                echoes.append(echoed)
                if !wrapped { session.send(String(repeating: "\u{7F}", count: 60)) }  // erased: the same line goes on
            }
            #expect(wrapped, "\(echoes.map(\.debugDescription))")
            #expect(await session.type("\r"))
            #expect(session.text.contains("Unknown command \"\(typed)\""), "one line of 60 characters: \(session.text)")
        }
    }
}
