import Foundation
import PhotoImaging
import PhotoSourceKit
import PhotoSourceTesting
import Testing

@Suite("PhotoSourceConformance samples images across the whole listing")
struct ImageSamplingTests {
    /// A root of `count` photos (sharing one JPEG), `bad` of them text files.
    static func flatSource(count: Int, bad: Set<Int>) throws -> (DefaultPhotoSource, DownloadCounter) {
        var library = PhotoLibraryFixture()
        try library.addPhoto(in: "", id: "template", sourceID: PhotoLibraryFixture.sourceID, stored: (8, 6), orientation: .up)
        let jpeg = library.originals["template"]!
        let items = (0..<count).map { index in
            DefaultPhotoSourceItem.image(
                id: "p\(index)", sourceID: PhotoLibraryFixture.sourceID, title: "p\(index)", pixelSize: PixelSize(width: 8, height: 6))
        }
        let downloads = DownloadCounter(base: ClosureImageDownloader { item, _ in
            let index = Int(item.id.dropFirst())!
            return ImageData(bytes: bad.contains(index) ? Data("not a photo".utf8) : jpeg, validator: item.id)
        })
        let source = DefaultPhotoSource(
            id: PhotoLibraryFixture.sourceID, title: "Flat", maximumPageSize: 500, listing: .complete { _ in items },
            downloader: downloads)
        return (source, downloads)
    }

    @Test("a small listing has every image checked: a text file in the middle fails")
    func smallListingWhole() async throws {
        // Given: 12 entries, the 8th a text file (the old suite took the first 5)
        let (source, downloads) = try Self.flatSource(count: 12, bad: [7])

        // When
        let report = await PhotoSourceConformance(source: source).run()

        // Then
        #expect(report.status(of: .thumbnailDecodes) == .failed, "\(report)")
        #expect(report.result(for: .thumbnailDecodes)?.message.contains("\"p7\" in /") == true)
        #expect(report.sampling == "images checked: all 12 images")
        #expect(report.sampleSeed == nil)
        #expect(Set(downloads.itemIDs).count == 12)
    }

    @Test("a large listing is sampled at its first and last image, whatever the seed")
    func largeListingEnds() async throws {
        // Given: 400 entries (more than one page of the walk's 300), the last a text file
        let (source, downloads) = try Self.flatSource(count: 400, bad: [299])
        let configuration = PhotoSourceConformance.Configuration(maximumImages: 6, sampleSeed: 1, maximumItemsPerContainer: 300)

        // When
        let report = await PhotoSourceConformance(source: source, configuration: configuration).run()

        // Then: the last image the walk reached (item 299) was checked
        #expect(report.status(of: .thumbnailDecodes) == .failed, "\(report)")
        #expect(report.result(for: .thumbnailDecodes)?.message.contains("\"p299\"") == true)
        let sampled = Set(downloads.itemIDs)
        #expect(sampled.isSuperset(of: ["p0", "p299"]))
        #expect(report.sampling == "images checked: 6 of 300 images: the first, the last and 4 picked with seed 1")
    }

    @Test("the random picks follow the seed: the same seed picks the same images, and the report names it")
    func seeded() async throws {
        // Given
        func picks(seed: UInt64?) async throws -> (Set<String>, ConformanceReport) {
            let (source, downloads) = try Self.flatSource(count: 200, bad: [])
            let configuration = PhotoSourceConformance.Configuration(maximumImages: 8, sampleSeed: seed)
            let report = await PhotoSourceConformance(source: source, configuration: configuration).run()
            return (Set(downloads.itemIDs), report)
        }

        // When
        let (first, report) = try await picks(seed: 42)
        let (again, _) = try await picks(seed: 42)
        let (other, _) = try await picks(seed: 43)
        let (_, unseeded) = try await picks(seed: nil)

        // Then
        #expect(first == again)
        #expect(first != other)
        #expect(report.sampleSeed == 42)
        #expect(report.description.contains("8 of 200 images: the first, the last and 6 picked with seed 42"))
        let seed = try #require(unseeded.sampleSeed, "a run without a seed still reports the one it used")
        #expect(unseeded.sampling?.hasSuffix("picked with seed \(seed)") == true)
    }
}
