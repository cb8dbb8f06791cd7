import Foundation
import PhotoImaging
import PhotoSourceKit
import PhotoSourceTesting
import Testing
@testable import SampleSources

@Suite("PreselectedSource passes the conformance suite")
struct PreselectedConformanceTests {
    @Test("backed by a loopback server and a folder, every photo sampled")
    func conforms() async throws {
        // Given URLs (JPEG, PNG, a sideways JPEG, a large header) and files
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(try ImageFixtures.jpeg(width: 20, height: 10), to: "uploads/one.jpg")
        try folder.write(try ImageFixtures.png(width: 7, height: 9, alpha: true), to: "uploads/two.png")
        let photos: [String: PhotoServer.Photo] = [
            "/a.jpg": .init(data: try ImageFixtures.jpeg(width: 12, height: 8)),
            "/b.png": .init(data: try ImageFixtures.png(width: 9, height: 7)),
            "/c.jpg": .init(data: try ImageFixtures.jpeg(width: 14, height: 8, orientation: .right)),
            "/d.jpg": .init(data: try PreselectedFixtures.jpegWithLargeHeader()),
            "/e.jpg": .init(data: try ImageFixtures.jpeg(width: 11, height: 11), behavior: .ignoresRange),
        ]
        try await PhotoServer.run(photos) { server in
            let entries = photos.keys.sorted().map { server.url($0).absoluteString } + ["uploads/one.jpg", "uploads/two.png"]
            let source = try PreselectedSource(entries: entries, fileRoot: folder.url, allowedOrigins: [server.origin])
            let configuration = PhotoSourceConformance.Configuration(maximumImages: 20, pageSize: 2)

            // When
            let report = await PhotoSourceConformance(source: source, configuration: configuration).run()

            // Then
            report.expectAllPassed()
            let sizes = try #require(report.result(for: .advertisedPixelSize))
            #expect(sizes.status == .passed)
            #expect(sizes.message.hasPrefix("checked 7:"), "every photo had a probed size to compare")
        }
    }
}
