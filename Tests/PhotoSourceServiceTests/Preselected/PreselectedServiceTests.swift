import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

/// `urls:FILE` sources in the service: a list of photo URLs (served by a loopback server, its
/// origin allowed explicitly) and file paths, listed, thumbnailed and fetched as originals.
@Suite("Service: urls:FILE sources")
struct PreselectedServiceTests {
    static let photo = try! ImageEncoder.jpeg(TestLibrary.gradient(width: 800, height: 600))

    /// Runs `body` with a loopback server serving `/photo.jpg` (ETag `"v1"`) and `/notes.jpg`
    /// (text, not a photo), and a service whose only source is `urls-1`: a list naming both URLs
    /// and the file `portrait.jpg` beside the list.
    static func run(
        _ body: @Sendable (ServiceHarness, LoopbackPhotoServer) async throws -> Void
    ) async throws {
        try await LoopbackPhotoServer.run([
            "/photo.jpg": .init(bytes: photo, etag: "\"v1\""),
            "/notes.jpg": .init(bytes: Data("just some words, no pixels here".utf8), etag: "\"n1\""),
        ]) { server in
            try await ServiceHarness.run(sources: { root in
                let list = root.appendingPathComponent("list.txt")
                try "# shop uploads\n\(server.origin)/photo.jpg\nportrait.jpg\n\(server.origin)/notes.jpg\n"
                    .write(to: list, atomically: true, encoding: .utf8)
                return try SourceCatalog.resolve(["urls:" + list.path], allowedSourceOrigins: [server.origin]).sources
            }) { harness in
                try await body(harness, server)
            }
        }
    }

    static func items(_ harness: ServiceHarness, token: String) async throws -> [[String: Any]] {
        let response = try await harness.get("/v1/sources/urls-1/items", token: token)
        #expect(response.status == .ok)
        return try #require(try ServiceHarness.object(response)["items"] as? [[String: Any]])
    }

    static func path(of url: String) throws -> String {
        try #require(URLComponents(string: url)?.path)
    }

    @Test("lists URL and file entries with pixel sizes; a non-photo is listed as not a photo")
    func listing() async throws {
        try await Self.run { harness, server in
            let token = try await harness.newSession().token
            let items = try await Self.items(harness, token: token)
            #expect(items.map { $0["id"] as? String } == ["\(server.origin)/photo.jpg", "portrait.jpg", "\(server.origin)/notes.jpg"])
            #expect(items[0]["width"] as? Int == 800 && items[0]["height"] as? Int == 600)
            #expect(items[1]["width"] as? Int == 600 && items[1]["height"] as? Int == 900)
            #expect(items[2]["title"] as? String == "notes.jpg (not a photo)")
            #expect(items[0]["thumbnailURL"] is String && items[1]["thumbnailURL"] is String)
        }
    }

    @Test("an order naming an entry listed as not a photo is refused with the reason, before anything is stored")
    func notAPhotoOrderRefused() async throws {
        try await Self.run { harness, server in
            let token = try await harness.newSession().token
            _ = try await Self.items(harness, token: token)  // listed first, as a customer would

            // When
            let body = #"{"reference": "r1", "product": "4x6", "items": [{"source": "urls-1", "itemId": "\#(server.origin)/notes.jpg"}]}"#
            let response = try await harness.client.execute(
                uri: "/v1/orders", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json", HTTPField.Name("Idempotency-Key")!: "k1"],
                body: ByteBuffer(string: body))

            // Then
            #expect(response.status == .badRequest)
            let problem = try ServiceHarness.object(response)
            #expect(problem["code"] as? String == "unsupported-format")
            let detail = try #require(problem["detail"] as? String)
            #expect(detail.contains("\"notes.jpg\" is not a photo: This data is not a supported image format"), "\(detail)")
        }
    }

    @Test("signed thumbnails and byte-identical originals of a URL entry and a file entry")
    func thumbnailsAndOriginals() async throws {
        try await Self.run { harness, server in
            let token = try await harness.newSession().token
            let items = try await Self.items(harness, token: token)
            for item in items.prefix(2) {
                let thumbnail = try await harness.get(try Self.path(of: try #require(item["thumbnailURL"] as? String)), token: nil)
                #expect(thumbnail.status == .ok)
                #expect(thumbnail.headers[.contentType]?.hasPrefix("image/") == true)
                let id = try #require(item["id"] as? String)
                let encoded = try #require(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                let described = try await harness.get("/v1/sources/urls-1/items/\(encoded)", token: token)
                #expect(described.status == .ok)
                let originalURL = try #require(try ServiceHarness.object(described)["originalURL"] as? String)
                let original = try await harness.get(try Self.path(of: originalURL), token: nil)
                #expect(original.status == .ok)
                let expected = id == "portrait.jpg"
                    ? try Data(contentsOf: harness.library.appendingPathComponent("portrait.jpg")) : Self.photo
                #expect(Data(buffer: original.body) == expected)
            }
        }
    }

    @Test("a URL entry's ETag pins its thumbnail URL: a new ETag gives a new URL and the old one answers 410")
    func etagPinsThumbnail() async throws {
        try await Self.run { harness, server in
            let token = try await harness.newSession().token
            let before = try #require(try await Self.items(harness, token: token)[0]["thumbnailURL"] as? String)
            #expect(try await Self.items(harness, token: token)[0]["thumbnailURL"] as? String == before)
            server.serve(.init(bytes: Self.photo, etag: "\"v2\""), at: "/photo.jpg")
            let after = try #require(try await Self.items(harness, token: token)[0]["thumbnailURL"] as? String)
            #expect(after != before)
            #expect(try await harness.get(try Self.path(of: before), token: nil).status == .gone)
            #expect(try await harness.get(try Self.path(of: after), token: nil).status == .ok)
        }
    }

    @Test("a list entry the address policy refuses no longer stops the service: it is logged and listed in its place as not allowed (never fetched), the rest is served; allowedSourceOrigins still lets it through")
    func addressPolicy() async throws {
        // A loopback URL whose origin is not allowed: refused by the policy before any connection.
        let refusedURL = "http://127.0.0.1:9/photo.jpg"
        try await ServiceHarness.run(sources: { root in
            let list = root.appendingPathComponent("list.txt")
            try "\(refusedURL)\nportrait.jpg\n".write(to: list, atomically: true, encoding: .utf8)
            // When
            let catalog = try SourceCatalog.resolve(["urls:" + list.path])
            // Then
            #expect(catalog.refusedEntries.count == 1)
            #expect(catalog.refusedEntries.first?.hasPrefix("sources[0] (urls-1): Line 1 of list.txt:") == true)
            let allowed = try SourceCatalog.resolve(["urls:" + list.path], allowedSourceOrigins: ["http://127.0.0.1:9"])
            #expect(allowed.refusedEntries.isEmpty)
            return catalog.sources
        }) { harness in
            let token = try await harness.newSession().token
            let items = try await Self.items(harness, token: token)
            #expect(items.map { $0["title"] as? String } == ["photo.jpg (not allowed)", "portrait.jpg"])
            #expect(items[0]["id"] as? String == refusedURL)
            #expect(items[1]["width"] as? Int == 600)
            // The refused entry is never fetched: its thumbnail is a 404, not a download.
            let thumbnail = try #require(items[0]["thumbnailURL"] as? String)
            #expect(try await harness.get(try Self.path(of: thumbnail), token: nil).status == .notFound)
        }
        // The service resolving its configuration starts, and logs the refusal.
        let library = try TestLibrary()
        defer { library.remove() }
        let list = library.root.appendingPathComponent("list.txt")
        try "\(refusedURL)\nportrait.jpg\n".write(to: list, atomically: true, encoding: .utf8)
        var configuration = ServiceHarness.configuration(state: library.stateFolder)
        configuration.sources = ["urls:" + list.path]
        let logs = LogCapture()
        _ = try await buildApplication(ServiceArguments(configuration: configuration, logger: logs.logger))
        #expect(logs.text.contains("warning a list entry is refused and listed as not allowed"))
        #expect(logs.text.contains("sources[0] (urls-1): Line 1 of list.txt:"))
    }

    @Test("allowedSourceOrigins is read from the configuration file and written back")
    func configurationField() throws {
        let json = """
            {"signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(9))",
             "sources": ["urls:/srv/list.txt"], "allowedSourceOrigins": ["http://10.0.0.5:8000"]}
            """
        let configuration = try JSONDecoder().decode(ServiceConfiguration.self, from: Data(json.utf8))
        #expect(configuration.allowedSourceOrigins == ["http://10.0.0.5:8000"])
        let again = try JSONDecoder().decode(ServiceConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(again.allowedSourceOrigins == ["http://10.0.0.5:8000"])
    }
}
