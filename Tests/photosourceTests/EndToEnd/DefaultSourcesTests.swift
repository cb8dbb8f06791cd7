import Foundation
import Testing

@Suite("photosource browse without SOURCE")
struct DefaultSourcesTests {
    @Test("browses the demo library first, then a demo cloud of its own, then the configured sources")
    func demoThenConfigured() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let config = folder.root.deletingLastPathComponent().appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("photosource"), withIntermediateDirectories: true)
        let sources = "# my folders\n\n\(folder.sourceArgument)\ndemo\n"
        try Data(sources.utf8).write(to: config.appendingPathComponent("photosource/sources"))
        // When
        let result = try await PhotosourceBinary.run(
            ["browse"], input: "sources\nls\nuse 3\n", environment: ["XDG_CONFIG_HOME": config.path])
        // Then
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("photosource:"))
        #expect(result.lines.first == "* 1  Sample Library  (demo)")
        let cloudLine = try #require(result.lines.dropFirst().first)
        #expect(cloudLine.hasPrefix("  2  Demo Cloud  (cloud:http://127.0.0.1:") && cloudLine.hasSuffix(")"))
        #expect(result.lines.dropFirst(2).prefix(2) == ["  3  Library  (\(folder.sourceArgument))", "Sample Library:/ [page 1/1]"])
        #expect(result.lines.contains("Library:/ [page 1/1]"))
    }
}
