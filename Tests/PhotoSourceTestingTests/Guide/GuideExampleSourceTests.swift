import PhotoImaging
import PhotoSourceKit
import PhotoSourceTesting
import Testing

@Suite("The guide's Shoebox source")
struct ShoeboxSourceTests {
    /// Two albums of small generated JPEGs; "Summer" needs several pages.
    static func makeAPI() throws -> ShoeboxAPI {
        func photo(_ id: String, _ width: Int, _ height: Int) throws -> ShoeboxPhoto {
            let jpeg = try ImageEncoder.jpeg(PixelBuffer(width: width, height: height, channels: 3))
            return ShoeboxPhoto(id: id, size: PixelSize(width: width, height: height), etag: "\(id)-1", jpeg: jpeg)
        }
        return ShoeboxAPI(albums: [
            ("Summer", try (1...7).map { try photo("summer-\($0)", 30 + $0, 20) }),
            ("Winter", [try photo("winter-1", 20, 30)]),
        ])
    }

    @Test func passesTheConformanceSuite() async throws {
        let api = try Self.makeAPI()
        let faults = FaultInjector()
        let source = ShoeboxSource(
            listing: ShoeboxSource.listing(api).injectingFaults(from: faults),
            downloader: FaultInjectingDownloader(base: ShoeboxSource.downloader(api), injector: faults))

        let report = await PhotoSourceConformance(source: source, faults: faults).run()

        report.expectAllPassed()
    }
}
