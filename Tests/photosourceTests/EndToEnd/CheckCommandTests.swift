import Foundation
import Testing

@Suite("photosource check")
struct CheckCommandTests {
    @Test("check local:DIR of real photos (the generated demo library) prints all PASS or SKIP and exits 0")
    func passingFolder() async throws {
        let folders = SharedFolders()
        defer { folders.remove() }
        // The demo library is generated into the cache folder on first use; check it as a plain folder.
        _ = try await PhotosourceBinary.run(["ls", "demo"], environment: folders.environment)
        let cache = folders.root.appendingPathComponent("cache/photosource")
        let version = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0 != "thumbnails" })
        // When
        let result = try await PhotosourceBinary.run(["check", "local:" + cache.appendingPathComponent(version).path], environment: folders.environment)
        // Then
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let rows = result.lines.prefix { !$0.isEmpty }  // the table; notes and the summary follow a blank line
        #expect(rows.count >= 10)
        #expect(rows.allSatisfy { $0.contains("  PASS  ") || $0.contains("  SKIP  ") })
        #expect(rows.contains { $0.hasPrefix("full-image-decodes ") && $0.contains("  PASS  ") })
        #expect(result.lines.last?.contains(" 0 failed, ") == true)
    }

    @Test("check of a folder whose photos do not decode lists the failures and exits 1")
    func failingFolder() async throws {
        // Headers only: listing works, decoding does not.
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        // When
        let result = try await PhotosourceBinary.run(["check", folder.sourceArgument])
        // Then
        #expect(result.status == 1)
        #expect(result.lines.contains { $0.hasPrefix("full-image-decodes ") && $0.contains("  FAIL  ") })
        #expect(result.lines.contains { $0.hasPrefix("root-listing ") && $0.contains("  PASS  ") })
        #expect(result.lines.last?.hasPrefix("Library (\(folder.sourceArgument)): ") == true)
    }
}
