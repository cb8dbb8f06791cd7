import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import SampleSources
@testable import PhotoSourceService
import Testing

/// A print lab asking for print files gets their URLs (and, in Prodigi's shape, their MD5s, which
/// the demo lab checks before it ships); an upload endpoint gets their bytes.
@Suite("Orders: print files reach the demo lab and an upload endpoint")
struct PrintFileLabTests {
    @Test("a printLab with files: print fetches the print file (its MD5, the product's pixel size) and ships", arguments: ["prodigi-v4", "gelato-v4"])
    func labGetsPrintFile(format: String) async throws {
        let labPort = try LoopbackPort.free()
        let path = format == "gelato-v4" ? "/v4/orders" : "/v4.0/Orders"
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            var lab = try! OrderLabTests.labDestination(URL(string: "http://127.0.0.1:\(labPort)\(path)")!, format: format)
            if case .object(var fields) = lab.settings {
                fields["files"] = .string("print")
                lab.settings = .object(fields)
            }
            configuration.destinations = [lab]
        }) { harness in
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 2400, height: 1600)).write(to: harness.library.appendingPathComponent("big.jpg"))
            try await OrderLabTests.withLab(on: labPort, servicePort: try #require(harness.client.port), faults: .none) { lab in
                // When
                let id = try await harness.placeOrder(["big.jpg"], token: ServiceHarness.apiKey)
                let order = try await OrderLabTests.waitForStage("shipped", of: id, harness, token: ServiceHarness.apiKey)
                // Then: shipped, from the print file the order record names
                #expect(order["status"] as? String == "delivered")
                let line = try #require((order["items"] as? [[String: Any]])?.first)
                let print = try #require((line["printFiles"] as? [[String: Any]])?.first)
                #expect(print["destinations"] as? [String] == ["lab"])
                let url = try #require(lab.orders.first?.assetURLs.first)
                let fetched = try await harness.get(try #require(URLComponents(string: url)?.path), token: nil)
                let bytes = Data(buffer: fetched.body)
                #expect(PrintFileOrderTests.md5(bytes) == print["md5"] as? String)
                #expect(PrintFileOrderTests.md5(bytes) != line["md5"] as? String)
                let image = try ImageDecoder.decodeFull(bytes)
                #expect(image.width == 1800 && image.height == 1200)
                #expect(lab.statistics.assetDownloads == 1)
            }
        }
    }

    @Test("an httpUpload destination with files: print receives the print file's bytes, name and MD5")
    func uploadGetsPrintFile() async throws {
        let receiver = DemoUploadReceiver()
        let base = try await receiver.start()
        do {
            try await ServiceHarness.run(configure: { configuration in
                ServiceHarness.orderConfiguration(&configuration)
                configuration.destinations = [DestinationConfiguration(
                    id: "uploads", kind: "httpUpload", settings: ["url": .string(base.appendingPathComponent("uploads").absoluteString), "files": .string("print")])]
            }) { harness in
                // When
                let id = try await harness.placeOrder(["Album/field.png"], token: ServiceHarness.apiKey)
                let order = try await harness.waitForOrder(id, token: ServiceHarness.apiKey)
                // Then: the PNG original went out as its JPEG print file
                #expect(order["status"] as? String == "delivered")
                let print = try #require(((order["items"] as? [[String: Any]])?.first?["printFiles"] as? [[String: Any]])?.first)
                let upload = try #require(receiver.uploads.first)
                #expect(upload.fileName == "001-field.jpg")
                #expect(upload.md5 == print["md5"] as? String)
                #expect(upload.byteCount == print["byteCount"] as? Int)
            }
        } catch {
            await receiver.stop()
            throw error
        }
        await receiver.stop()
    }
}
