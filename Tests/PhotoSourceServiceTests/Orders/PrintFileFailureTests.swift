import Foundation
import PhotoImaging
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// A print file that cannot be made fails the line only at the destinations that asked for print
/// files; a destination taking originals in the same order still gets the line.
@Suite("Orders: a print file that cannot be made fails only the print destinations' lines")
struct PrintFileFailureTests {
    static var configure: (inout ServiceConfiguration) -> Void {
        PrintFileOrderTests.configure { state in
            [PrintFileOrderTests.folder("originals", state: state, files: nil), PrintFileOrderTests.folder("prints", state: state)]
        }
    }

    static func delivery(_ order: [String: Any], _ id: String) -> [String: Any]? {
        (order["destinations"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    @Test("a photo the renderer refuses: the originals folder gets both lines, the print folder only the good one, with the reason")
    func refusedPhotoFailsOnlyThePrintLine() async throws {
        try await ServiceHarness.run(configure: Self.configure) { harness in
            try PrintTestPhotos.undecodablePNG().write(to: harness.library.appendingPathComponent("broken.png"))
            // When
            let (id, order) = try await PrintFileOrderTests.order(harness, lines: [
                #"{"source": "library", "itemId": "broken.png"}"#, #"{"source": "library", "itemId": "Album/sunset.jpg"}"#,
            ])
            // Then
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.map { $0["state"] as? String } == ["materialised", "materialised"])
            let failure = try #require((items[0]["printFailures"] as? [[String: Any]])?.first)
            #expect(failure["destinations"] as? [String] == ["prints"])
            #expect(failure["code"] as? String == "invalid-data")
            #expect(items[1]["printFailures"] == nil)
            let originals = try #require(Self.delivery(order, "originals"))
            #expect(originals["state"] as? String == "delivered")
            #expect((originals["items"] as? [[String: Any]])?.map { $0["delivered"] as? Bool } == [true, true])
            let prints = try #require(Self.delivery(order, "prints"))
            #expect(prints["state"] as? String == "partiallyDelivered")
            let results = try #require(prints["items"] as? [[String: Any]])
            #expect(results.map { $0["delivered"] as? Bool } == [false, true])
            #expect(results[0]["errorCode"] as? String == "invalid-data")
            #expect((results[0]["message"] as? String)?.hasPrefix("The print file could not be made") == true, "\(results[0])")
            #expect(order["status"] as? String == "partiallyDelivered")
            // On disk: the original PNG byte for byte in the originals folder; the print folder has the good line only.
            let state = harness.library.deletingLastPathComponent().appendingPathComponent("state").path
            let originalsFolder = PrintFileOrderTests.root("originals", state: state).appendingPathComponent(id)
            #expect(try Data(contentsOf: originalsFolder.appendingPathComponent("001-broken.png"))
                == Data(contentsOf: harness.library.appendingPathComponent("broken.png")))
            let printsFolder = PrintFileOrderTests.root("prints", state: state).appendingPathComponent(id)
            #expect(try PrintFileOrderTests.manifest(printsFolder).map { $0["file"] as? String } == ["002-sunset.jpg"])
        }
    }

    @Test("when every line's print file fails, the print destination fails and the originals destination is delivered")
    func everyPrintFails() async throws {
        try await ServiceHarness.run(configure: Self.configure) { harness in
            try PrintTestPhotos.undecodablePNG().write(to: harness.library.appendingPathComponent("broken.png"))
            // When
            let (_, order) = try await PrintFileOrderTests.order(harness, lines: [#"{"source": "library", "itemId": "broken.png"}"#])
            // Then
            #expect(Self.delivery(order, "originals")?["state"] as? String == "delivered")
            let prints = try #require(Self.delivery(order, "prints"))
            #expect(prints["state"] as? String == "failed")
            #expect(prints["errorCode"] as? String == "invalid-data")
            #expect((prints["items"] as? [[String: Any]])?.first?["delivered"] as? Bool == false)
            #expect(order["status"] as? String == "partiallyDelivered")
        }
    }
}
