import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import SampleSources
@testable import PhotoSourceService
import Testing

/// Destinations with `"files": "print"` get print files rendered from each line's original: the
/// line's crop, sizing and rotation on its product, at the product's dpi (never upscaled), sRGB,
/// with MD5, pixel and byte size in the order record and the folder's manifest.
@Suite("Orders: print files for destinations that ask for them")
struct PrintFileOrderTests {
    /// A folder destination beside the state folder called `id`, asking for `files` with more `settings`.
    static func folder(_ id: String, state: String, files: String? = "print", settings: [String: JSONValue] = [:]) -> DestinationConfiguration {
        var fields = settings
        fields["root"] = .string(root(id, state: state).path)
        if let files { fields["files"] = .string(files) }
        return DestinationConfiguration(id: id, kind: "folder", settings: fields)
    }

    static func root(_ id: String, state: String) -> URL {
        URL(fileURLWithPath: state).deletingLastPathComponent().appendingPathComponent("dest-\(id)", isDirectory: true)
    }

    /// The harness's order settings with `destinations`, and a 4×6 product rendered at 150 dpi.
    static func configure(_ destinations: @escaping (String) -> [DestinationConfiguration]) -> (inout ServiceConfiguration) -> Void {
        { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.destinations = destinations(configuration.stateDirectory)
            configuration.products.append(Product(id: "4x6-150", name: "4×6 at 150 dpi", width: 4, height: 6, unit: .inches, minimumDPI: 100, dpi: 150))
        }
    }

    /// Places an order of `lines` (JSON objects of the `library` source) and waits for it to end.
    static func order(_ harness: ServiceHarness, lines: [String]) async throws -> (id: String, order: [String: Any]) {
        let (token, _) = try await harness.newSession()
        let body = #"{"reference": "P-1", "product": "4x6", "items": [\#(lines.joined(separator: ", "))]}"#
        let response = try await harness.postOrder(body, token: token, key: UUID().uuidString)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let id = try #require(try ServiceHarness.object(response)["id"] as? String)
        return (id, try await harness.waitForOrder(id, token: token))
    }

    static func manifest(_ folder: URL) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any]
        return try #require(json?["items"] as? [[String: Any]])
    }

    static func md5(_ data: Data) -> String { Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    @Test("a print folder gets sRGB JPEGs at the product's size and dpi, never upscaled; MD5, pixel and byte size match the manifest and the order")
    func printFolder() async throws {
        try await ServiceHarness.run(configure: Self.configure { [Self.folder("prints", state: $0)] }) { harness in
            // 2400×1600 is more than 4×6 needs at 300 dpi (1800×1200); 600×900 is less (kept, 150 dpi).
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 2400, height: 1600)).write(to: harness.library.appendingPathComponent("big.jpg"))
            // When
            let (id, order) = try await Self.order(harness, lines: [
                #"{"source": "library", "itemId": "big.jpg"}"#,
                #"{"source": "library", "itemId": "big.jpg", "product": "4x6-150"}"#,
                #"{"source": "library", "itemId": "portrait.jpg"}"#,
            ])
            // Then
            #expect(order["status"] as? String == "delivered")
            let folder = Self.root("prints", state: harness.library.deletingLastPathComponent().appendingPathComponent("state").path)
                .appendingPathComponent(id)
            let lines = try Self.manifest(folder)
            let items = try #require(order["items"] as? [[String: Any]])
            let expected = [(1800, 1200, 300), (900, 600, 150), (600, 900, 150)]
            for (index, (width, height, dpi)) in expected.enumerated() {
                let line = lines[index]
                let file = try Data(contentsOf: folder.appendingPathComponent(try #require(line["file"] as? String)))
                let image = try ImageDecoder.decodeFull(file)
                #expect(image.width == width && image.height == height, "line \(index)")
                #expect(line["pixelWidth"] as? Int == width && line["pixelHeight"] as? Int == height)
                #expect(line["md5"] as? String == Self.md5(file))
                #expect(line["byteCount"] as? Int == file.count)
                #expect(line["contentType"] as? String == "image/jpeg")
                #expect((line["print"] as? [String: Any])?["effectiveDPI"] as? Int == dpi)
                #expect((line["print"] as? [String: Any])?["quality"] as? Int == 95)
                #expect(PrintTestPhotos.embedsSRGBProfile(file), "line \(index) embeds sRGB")
                // The order record names the same file, and keeps the original's own numbers.
                let printFiles = try #require(items[index]["printFiles"] as? [[String: Any]])
                #expect(printFiles.count == 1)
                #expect(printFiles.first?["destinations"] as? [String] == ["prints"])
                #expect(printFiles.first?["md5"] as? String == Self.md5(file))
                #expect(printFiles.first?["byteCount"] as? Int == file.count)
                #expect(printFiles.first?["pixelWidth"] as? Int == width && printFiles.first?["pixelHeight"] as? Int == height)
            }
            #expect(items.map { $0["pixelWidth"] as? Int } == [2400, 2400, 600])
            #expect(lines.map { $0["file"] as? String } == ["001-big.jpg", "002-big.jpg", "003-portrait.jpg"])
            // A lab fetching late gets fresh URLs for the print files too, serving the same bytes.
            let reissued = try ServiceHarness.object(try await harness.client.execute(
                uri: "/v1/orders/\(id)/asset-urls", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"]))
            let fresh = try #require(((reissued["items"] as? [[String: Any]])?.first?["printFiles"] as? [[String: Any]])?.first)
            #expect(fresh["destinations"] as? [String] == ["prints"])
            #expect(fresh["md5"] as? String == lines[0]["md5"] as? String)
            let freshURL = try #require(fresh["url"] as? String)
            let path = try #require(URLComponents(string: freshURL)?.path)
            #expect(Self.md5(Data(buffer: try await harness.get(path, token: nil).body)) == lines[0]["md5"] as? String)
        }
    }

    @Test("the line's crop, rotation and fit land where expected in the print file (coloured corners)")
    func geometry() async throws {
        try await ServiceHarness.run(configure: Self.configure { [Self.folder("prints", state: $0)] }) { harness in
            try PrintTestPhotos.quadrants().write(to: harness.library.appendingPathComponent("corners.png"))
            // When
            let (id, order) = try await Self.order(harness, lines: [
                #"{"source": "library", "itemId": "corners.png", "rotation": 90}"#,
                #"{"source": "library", "itemId": "corners.png", "crop": {"x": 0.5, "y": 0, "width": 0.5, "height": 0.5, "units": "normalised"}}"#,
                #"{"source": "library", "itemId": "corners.png", "sizing": "fit"}"#,
            ])
            // Then
            #expect(order["status"] as? String == "delivered")
            let folder = Self.root("prints", state: harness.library.deletingLastPathComponent().appendingPathComponent("state").path)
                .appendingPathComponent(id)
            let decoded = try (1...3).map { try ImageDecoder.decodeFull(Data(contentsOf: folder.appendingPathComponent("00\($0)-corners.jpg"))) }
            typealias P = PrintTestPhotos
            // A quarter turn clockwise: the bottom-left (blue) comes to the top-left; 6×4 of 400×300 is 400×267, turned.
            #expect(decoded[0].width == 267 && decoded[0].height == 400)
            #expect(P.cornersMatch(decoded[0], [P.blue, P.red, P.yellow, P.green]), "\(P.corners(decoded[0]))")
            // The top-right quarter only.
            #expect(P.cornersMatch(decoded[1], [P.green, P.green, P.green, P.green]), "\(P.corners(decoded[1]))")
            // Fit: letterboxed to 450×300 on white.
            #expect(decoded[2].width == 450 && decoded[2].height == 300)
            #expect(P.cornersMatch(decoded[2], [[255, 255, 255], [255, 255, 255], [255, 255, 255], [255, 255, 255]]), "\(P.corners(decoded[2]))")
        }
    }

    @Test("originals destinations still get the original byte for byte; print destinations with the same settings share one file")
    func originalsUnchangedAndShared() async throws {
        let configure = Self.configure { state in
            [Self.folder("originals", state: state, files: nil), Self.folder("prints-a", state: state), Self.folder("prints-b", state: state),
             Self.folder("prints-small", state: state, settings: ["printQuality": .number(80)])]
        }
        try await ServiceHarness.run(configure: configure) { harness in
            let state = harness.library.deletingLastPathComponent().appendingPathComponent("state").path
            // When
            let (id, order) = try await Self.order(harness, lines: [#"{"source": "library", "itemId": "Album/sunset.jpg"}"#])
            // Then
            #expect(order["status"] as? String == "delivered")
            let original = try Data(contentsOf: harness.library.appendingPathComponent("Album/sunset.jpg"))
            let originals = Self.root("originals", state: state).appendingPathComponent(id)
            #expect(try Data(contentsOf: originals.appendingPathComponent("001-sunset.jpg")) == original)
            #expect(try Self.manifest(originals).first?["print"] == nil)
            #expect(try Self.manifest(originals).first?["md5"] as? String == Self.md5(original))
            let files = try ["prints-a", "prints-b", "prints-small"].map {
                try Data(contentsOf: Self.root($0, state: state).appendingPathComponent(id).appendingPathComponent("001-sunset.jpg"))
            }
            #expect(files[0] == files[1])
            #expect(files[0] != original && files[2] != files[0])
            let printFiles = try #require((order["items"] as? [[String: Any]])?.first?["printFiles"] as? [[String: Any]])
            #expect(printFiles.map { $0["destinations"] as? [String] } == [["prints-a", "prints-b"], ["prints-small"]])
            #expect(printFiles.map { $0["quality"] as? Int } == [95, 80])
            #expect(printFiles.map { $0["md5"] as? String } == [Self.md5(files[0]), Self.md5(files[2])])
            // The asset store holds the original and the two print files, once each.
            let assets = URL(fileURLWithPath: state).appendingPathComponent("assets")
            let stored = try FileManager.default.subpathsOfDirectory(atPath: assets.path).filter { $0.hasSuffix(".jpg") }
            #expect(stored.count == 3, "\(stored)")
        }
    }
}

extension PrintFileOrderTests {
    @Test("a photo whose print file cannot meet the destination's byte limit at the lowest quality fails its line there alone (too-large)")
    func byteLimitFailsTheLine() async throws {
        let configure = Self.configure { [Self.folder("prints", state: $0, settings: ["printMaximumBytes": .number(10_000)])] }
        try await ServiceHarness.run(configure: configure) { harness in
            // Noise does not compress: 1200×1800 of it is far over 10 kB at any quality.
            var generator = SystemRandomNumberGenerator()
            let noise = PixelBuffer(width: 1200, height: 1800, channels: 3, pixels: (0..<1200 * 1800 * 3).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try ImageEncoder.jpeg(noise).write(to: harness.library.appendingPathComponent("noise.jpg"))
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 60, height: 90)).write(to: harness.library.appendingPathComponent("tiny.jpg"))
            // When
            let (_, order) = try await Self.order(harness, lines: [
                #"{"source": "library", "itemId": "noise.jpg"}"#, #"{"source": "library", "itemId": "tiny.jpg"}"#,
            ])
            // Then
            // The original was had: the line is materialised; only the print destination fails it.
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.map { $0["state"] as? String } == ["materialised", "materialised"])
            let failure = try #require((items.first?["printFailures"] as? [[String: Any]])?.first)
            #expect(failure["destinations"] as? [String] == ["prints"] && failure["code"] as? String == "too-large")
            let results = try #require((order["destinations"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])
            #expect(results.map { $0["delivered"] as? Bool } == [false, true])
            #expect(results.first?["errorCode"] as? String == "too-large")
            #expect((results.first?["message"] as? String)?.contains("10000 bytes") == true, "\(results.first?["message"] ?? "")")
            #expect(order["status"] as? String == "partiallyDelivered")
        }
    }
}
