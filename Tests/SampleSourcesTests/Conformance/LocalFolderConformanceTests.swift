import Foundation
import PhotoImaging
import PhotoSourceKit
import PhotoSourceTesting
import SampleSources
import Testing

@Suite("LocalFolderSource passes the conformance suite")
struct LocalFolderConformanceTests {
    /// Two levels of albums, enough photos to need several pages, JPEG and PNG, a photo stored
    /// sideways, and a file that only pretends to be a JPEG (listed as not a photo).
    static func makeFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for index in 1...4 {
            try folder.write(try ImageFixtures.jpeg(width: 10 + index, height: 8), to: "root-\(index).jpg")
        }
        for index in 1...8 {
            try folder.write(try ImageFixtures.jpeg(width: 12, height: 6 + index), to: "Travel/trip-\(index).jpg")
        }
        try folder.write(try ImageFixtures.png(width: 9, height: 7, alpha: true), to: "Travel/map.png")
        try folder.write(try ImageFixtures.jpeg(width: 14, height: 8, orientation: .right), to: "Travel/Italy/sideways.jpg")
        try folder.write(try ImageFixtures.png(width: 5, height: 5), to: "Travel/Italy/square.png")
        try folder.write(Data("not a photo".utf8), to: "Family/notes.jpg")
        try folder.write(try ImageFixtures.jpeg(), to: "Family/portrait.jpg")
        return folder
    }

    @Test("with the default sampling")
    func defaultSampling() async throws {
        // Given
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let source = try LocalFolderSource(root: folder.url)

        // When
        let report = await PhotoSourceConformance(source: source).run()

        // Then
        report.expectAllPassed()
        #expect(report.status(of: .backItemReturnsToParent) == .passed, "an album two levels down was opened")
        #expect(report.status(of: .downloadRecovery) == .passed, "faults around its downloader, through a ThumbnailCache")
    }

    @Test("with every photo sampled, the sideways one included")
    func everyPhoto() async throws {
        // Given
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let source = try LocalFolderSource(root: folder.url)
        let configuration = PhotoSourceConformance.Configuration(maximumImages: 50, maximumContainers: 10, pageSize: 2)

        // When
        let report = await PhotoSourceConformance(source: source, configuration: configuration).run()

        // Then
        report.expectAllPassed()
        #expect(report.declaredProblems.count == 1)
        #expect(report.declaredProblems.first?.hasPrefix("\"Family/notes.jpg\" in ") == true, "listed as not a photo, so left out")
        let sizes = try #require(report.result(for: .advertisedPixelSize))
        #expect(sizes.status == .passed)
        #expect(sizes.message.hasPrefix("checked 16:"), "every photo, not the pretend JPEG")
    }
}
