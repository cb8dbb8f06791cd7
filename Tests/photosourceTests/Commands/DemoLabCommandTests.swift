import ArgumentParser
import Foundation
import Testing
@testable import photosource

/// `photosource demo-lab`: its options parse into faults and configuration, bad values are refused.
@Suite("demo-lab command")
struct DemoLabCommandTests {
    @Test func parsesThePortTheCallbackAndTheFaultSwitches() throws {
        let command = try #require(try Root.parseAsRoot([
            "demo-lab", "--port", "9090", "--callback-url", "http://127.0.0.1:8080/v1/destinations/lab/callbacks",
            "--callback-secret", "a-secret-of-sixteen+", "--allow-origin", "http://127.0.0.1:8080", "--fail-orders", "2",
            "--refuse-downloads", "1", "--latency-ms", "50", "--duplicate-callbacks", "--wrong-md5", "--stage-interval", "0",
        ]) as? Root.DemoLabServer)
        #expect(command.port == 9090)
        #expect(command.callbackURL == "http://127.0.0.1:8080/v1/destinations/lab/callbacks")
        #expect(command.allowedOrigins == ["http://127.0.0.1:8080"])
        #expect(command.failOrders == 2 && command.refuseDownloads == 1 && command.latencyMs == 50)
        #expect(command.duplicateCallbacks && command.wrongMd5 && command.stageInterval == 0)
    }

    @Test(arguments: [["--port", "70000"], ["--callback-secret", "short"], ["--callback-url", "not a url"], ["--fail-orders", "-1"]])
    func refusesBadValuesWithASentence(arguments: [String]) {
        #expect(throws: (any Error).self) { try Root.parseAsRoot(["demo-lab"] + arguments) }
    }
}
