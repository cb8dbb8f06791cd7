import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("Configuration: the handoffs block and the received source")
struct HandoffConfigurationTests {
    @Test("left out, handoffs keeps its defaults; given, every field is read")
    func fields() throws {
        #expect(HandoffSettings() == HandoffSettings(ttlSeconds: 900, maximumEdge: 4096, returnMaximumBytes: 52_428_800, allowedOrigins: []))
        let settings = try JSONDecoder().decode(HandoffSettings.self, from: Data("""
            {"ttlSeconds": 60, "maximumEdge": 2048, "returnMaximumBytes": 1000, "allowedOrigins": ["https://editor.example"]}
            """.utf8))
        #expect(settings == HandoffSettings(ttlSeconds: 60, maximumEdge: 2048, returnMaximumBytes: 1000, allowedOrigins: ["https://editor.example"]))
        let sparse = try JSONDecoder().decode(HandoffSettings.self, from: Data(#"{"ttlSeconds": 60}"#.utf8))
        #expect(sparse == HandoffSettings(ttlSeconds: 60))
    }

    @Test("numbers that are not usable and origins that are not origins are reported at their paths")
    func problems() throws {
        let problems = try ConfigurationProblemsTests.problems("""
            {"sources": ["demo", "received"],
             "handoffs": {"ttlSeconds": 0, "maximumEdge": -1, "returnMaximumBytes": 0,
                          "allowedOrigins": ["https://ok.example", "https://editor.example/path", "*"]}}
            """)
        let paths = Set(problems.map(\.path))
        #expect(paths.isSuperset(of: [
            "$.handoffs.ttlSeconds", "$.handoffs.maximumEdge", "$.handoffs.returnMaximumBytes",
            "$.handoffs.allowedOrigins[1]", "$.handoffs.allowedOrigins[2]",
        ]))
        #expect(!paths.contains("$.handoffs.allowedOrigins[0]"))
        #expect(!paths.contains { $0.hasPrefix("$.sources") }, "\(problems)")
    }

    @Test("a printed configuration carries the handoffs block and reads back equal")
    func roundTrip() throws {
        var configuration = ServiceHarness.configuration(state: URL(fileURLWithPath: "/tmp/unused"))
        configuration.handoffs = HandoffSettings(ttlSeconds: 120, allowedOrigins: ["https://www.photopea.com"])
        let decoded = try JSONDecoder().decode(ServiceConfiguration.self, from: try JSONEncoder().encode(configuration))
        #expect(decoded.handoffs == configuration.handoffs)
    }
}
