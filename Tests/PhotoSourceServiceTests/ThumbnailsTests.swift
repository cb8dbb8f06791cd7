import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

@Suite("Signed thumbnails")
struct ThumbnailsTests {
    @Test("a listed thumbnail URL returns an immutable JPEG with an ETag, and 304 on If-None-Match")
    func thumbnailAnd304() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            // When: no token at all, as an <img> tag fetches it
            let response = try await harness.get(url, token: nil)
            // Then
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/jpeg")
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(response.headers[.eTag])
            let header = try ImageHeader.read(Data(buffer: response.body))
            #expect(max(header.displaySize.width, header.displaySize.height) == 256)
            let again = try await harness.get(url, token: nil, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test("100 concurrent requests for one cold thumbnail: one download and one decode")
    func coalesced() async throws {
        let cache = ThumbnailCache()
        try await ServiceHarness.run(configure: { $0.limits.requestsPerMinute = 10_000 }, thumbnails: cache) { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<100 { group.addTask { try await harness.get(url, token: nil).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok })
            #expect(cache.counters.downloads == 1)
            #expect(cache.counters.decodes == 1)
        }
    }

    @Test("a changed photo's old URL answers 410, never the old picture")
    func changedPhoto() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            let file = harness.library.appendingPathComponent("Album/sunset.jpg")
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 1000, height: 800)).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: file.path)
            #expect(try await harness.get(url, token: nil).status == .gone)
        }
    }

    @Test("a stolen thumbnail URL of session A cannot be turned into session B's: any edit is 403")
    func tamperedIsForbidden() async throws {
        try await ServiceHarness.run { harness in
            let a = try await harness.newSession()
            let b = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: a.token)
            let parts = url.split(separator: "/").map(String.init)  // v1, thumbnails, signature, payload
            let payloadJSON = try #require(Data(base64URL: parts[3]))
            // Re-point the payload at session B (and at another photo) without the key.
            let forged = String(decoding: payloadJSON, as: UTF8.self)
                .replacingOccurrences(of: a.id, with: b.id).replacingOccurrences(of: "sunset", with: "field")
            let forgedURL = "/v1/thumbnails/\(parts[2])/\(Data(forged.utf8).base64URL)"
            for bad in [forgedURL, "/v1/thumbnails/AAAA/\(parts[3])", "/v1/thumbnails/\(parts[2])/\(parts[3])x"] {
                let response = try await harness.get(bad, token: nil)
                #expect(response.status == .forbidden, "\(bad)")
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(try ServiceHarness.object(response)["code"] as? String == "access-denied")
            }
            // A thumbnail signature never opens the original.
            #expect(try await harness.get("/v1/originals/\(parts[2])/\(parts[3])", token: nil).status == .forbidden)
        }
    }

    @Test("an expired thumbnail URL answers 410")
    func expired() async throws {
        try await ServiceHarness.run(configure: { $0.limits.thumbnailURLLifetimeSeconds = 1 }) { harness in
            let session = try await harness.newSession()
            let url = try await harness.thumbnailURL(of: "Album/sunset.jpg", scope: "Album", token: session.token)
            try await Task.sleep(for: .milliseconds(2_100))
            let response = try await harness.get(url, token: nil)
            #expect(response.status == .gone)
            #expect(response.headers[.contentType] == "application/problem+json")
        }
    }
}

extension Data {
    init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }

    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
