import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoSourceService

/// Decoding `destinations` entries of kinds `httpUpload` and `printLab`, and building them.
@Suite("Destination configuration")
struct RemoteDestinationEntryTests {
    static let json = """
        [
          {"id": "shop-upload", "kind": "httpUpload", "url": "https://uploads.shop.example/photos",
           "concurrency": 4, "headers": {"Authorization": "Bearer t"}, "timeoutSeconds": 120},
          {"id": "archive", "kind": "httpUpload", "enabled": false, "url": "https://archive.example/in",
           "mode": "sequential", "spacingSeconds": 2.5},
          {"id": "lab", "kind": "printLab", "url": "https://api.lab.example/v4.0/Orders", "apiKey": "k",
           "callbackSecrets": ["lab-secret-0123456789"], "shippingMethod": "Budget", "skus": {"4x6": "GLOBAL-PHO-4X6"},
           "recipient": {"name": "Ada", "address": {"line1": "1 Loop Road", "postalOrZipCode": "12345",
                         "countryCode": "GB", "townOrCity": "London"}}},
          {"id": "folder", "kind": "folder", "root": "/srv/orders"}
        ]
        """

    @Test func bothKindsDecodeWithTheirDefaultsAndOtherKindsPassThrough() throws {
        let entries = try JSONDecoder().decode([RemoteDestinationEntry].self, from: Data(Self.json.utf8))
        #expect(entries.map(\.id) == ["shop-upload", "archive", "lab", "folder"])
        guard case .httpUpload(let upload) = entries[0].settings, case .httpUpload(let archive) = entries[1].settings,
            case .printLab(let lab, let secrets) = entries[2].settings
        else {
            Issue.record("unexpected settings: \(entries.map(\.settings))")
            return
        }
        #expect(upload.mode == .concurrent(maximum: 4))
        #expect(upload.headers == ["Authorization": "Bearer t"])
        #expect(upload.timeout == .seconds(120))
        #expect(archive.mode == .sequential(spacing: .milliseconds(2500)))
        #expect(entries[1].enabled == false)
        #expect(lab.skus == ["4x6": "GLOBAL-PHO-4X6"])
        #expect(lab.shippingMethod == "Budget")
        #expect(lab.sizing == "fillPrintArea")
        #expect(lab.recipient.address.countryCode == "GB")
        #expect(secrets == ["lab-secret-0123456789"])
        #expect(entries[3].settings == .other(kind: "folder"))
    }

    @Test func onlyEnabledUploadAndLabEntriesBecomeDestinations() throws {
        let entries = try JSONDecoder().decode([RemoteDestinationEntry].self, from: Data(Self.json.utf8))
        let destinations = try RemoteDestinationEntry.makeDestinations(entries)
        #expect(destinations.map(\.id) == ["shop-upload", "lab"])
        #expect(destinations.map(\.kind) == ["httpUpload", "printLab"])
        #expect(try RemoteDestinationEntry.callbackVerifiers(entries).keys.sorted() == ["lab"])
    }

    @Test(arguments: [
        (#"{"id": "a", "kind": "httpUpload", "url": "ftp://x.example/in"}"#, "http or https"),
        (#"{"id": "a", "kind": "httpUpload", "url": "https://x.example/in", "mode": "burst"}"#, "concurrent"),
        (#"{"id": "a", "kind": "httpUpload", "url": "https://x.example/in", "concurrency": 0}"#, "concurrency"),
        (#"{"id": "a b", "kind": "httpUpload", "url": "https://x.example/in"}"#, "letters, digits"),
        (#"{"id": "a", "kind": "printLab", "url": "https://x.example/o", "callbackSecrets": ["short"], "skus": {}, "recipient": {"name": "A", "address": {"line1": "1", "postalOrZipCode": "1", "countryCode": "GB", "townOrCity": "L"}}}"#, "16 bytes"),
    ])
    func badEntriesAreRefusedWithASentence(json: String, expected: String) {
        do {
            _ = try JSONDecoder().decode(RemoteDestinationEntry.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(expected))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func duplicateIDsAreRefused() throws {
        let entry = RemoteDestinationEntry(
            id: "x", kind: "httpUpload", settings: .httpUpload(.init(id: "x", url: URL(string: "https://a.example/in")!)))
        let error = #expect(throws: PhotoSourceError.self) { try RemoteDestinationEntry.makeDestinations([entry, entry]) }
        #expect(error?.message.contains("\"x\"") == true)
    }
}
