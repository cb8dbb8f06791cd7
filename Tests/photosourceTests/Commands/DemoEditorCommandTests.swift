import ArgumentParser
import Foundation
import Testing
@testable import photosource

/// `photosource demo-editor`: its options parse, a bad port is refused.
@Suite("demo-editor command")
struct DemoEditorCommandTests {
    @Test func parsesThePortAndTheEntrySwitch() throws {
        let command = try #require(try Root.parseAsRoot(["demo-editor", "--port", "9091", "--print-entry"]) as? Root.DemoEditorServer)
        #expect(command.port == 9091 && command.printEntry)
        let plain = try #require(try Root.parseAsRoot(["demo-editor"]) as? Root.DemoEditorServer)
        #expect(plain.port == 0 && !plain.printEntry)
    }

    @Test(arguments: [["--port", "70000"], ["--port", "-1"], ["--colour", "red"]])
    func refusesBadValues(arguments: [String]) {
        #expect(throws: (any Error).self) { try Root.parseAsRoot(["demo-editor"] + arguments) }
    }
}

/// `photosource serve` starts the demo editor only without `--config`.
@Suite("serve and the demo editor")
struct ServeDemoEditorTests {
    @Test func onlyWithoutAConfigurationFile() throws {
        let bare = try #require(try Root.parseAsRoot(["serve"]) as? Root.Serve)
        let configured = try #require(try Root.parseAsRoot(["serve", "--config", "shop.json"]) as? Root.Serve)
        #expect(bare.startsDemoEditor && !configured.startsDemoEditor)
    }
}
