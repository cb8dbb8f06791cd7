import ArgumentParser
import Foundation
import Testing
@testable import photosource

/// `photosource demo-uploads`: its options parse, a bad port is refused.
@Suite("demo-uploads command")
struct DemoUploadsCommandTests {
    @Test func parsesThePortAndTheFolder() throws {
        let command = try #require(try Root.parseAsRoot(["demo-uploads", "--port", "9091", "--folder", "/tmp/uploads"]) as? Root.DemoUploadsServer)
        #expect(command.port == 9091)
        #expect(command.folder == "/tmp/uploads")
    }

    @Test func refusesAPortOutOfRange() {
        #expect(throws: (any Error).self) { try Root.parseAsRoot(["demo-uploads", "--port", "70000"]) }
    }
}
