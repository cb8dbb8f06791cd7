import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoImaging
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

/// Originals of a `urls:FILE` source's URL entries: streamed from the spool, downloaded once
/// per version (the URL's ETag), never left half-written.
@Suite("Spooled originals: urls: sources")
struct URLListOriginalsTests {
    static let photo = try! ImageEncoder.jpeg(TestLibrary.gradient(width: 1600, height: 1200))
    static let edited = try! ImageEncoder.jpeg(TestLibrary.gradient(width: 1200, height: 1600))

    /// Runs `body` with a loopback server serving `/photo.jpg` (ETag `"v1"`) and `/broken.jpg`
    /// (cut off halfway), and a service whose source `urls-1` lists both.
    static func run(_ body: @Sendable (ServiceHarness, LoopbackPhotoServer, String) async throws -> Void) async throws {
        try await LoopbackPhotoServer.run([
            "/photo.jpg": .init(bytes: photo, etag: "\"v1\""),
            "/broken.jpg": .init(bytes: photo, etag: "\"b1\"", isTruncated: true),
        ]) { server in
            try await ServiceHarness.run(sources: { root in
                let list = root.appendingPathComponent("list.txt")
                try "\(server.origin)/photo.jpg\n\(server.origin)/broken.jpg\n".write(to: list, atomically: true, encoding: .utf8)
                return try SourceCatalog.resolve(["urls:" + list.path], allowedSourceOrigins: [server.origin]).sources
            }) { harness in
                try await body(harness, server, try await harness.newSession().token)
            }
        }
    }

    /// The signed original URL (a path) of the list entry `path` on `server`.
    static func originalPath(_ harness: ServiceHarness, _ server: LoopbackPhotoServer, _ path: String, token: String) async throws -> String {
        let id = try #require("\(server.origin)\(path)".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let response = try await harness.get("/v1/sources/urls-1/items/\(id)", token: token)
        #expect(response.status == .ok)
        let url = try #require(try ServiceHarness.object(response)["originalURL"] as? String)
        return try #require(URLComponents(string: url)?.path)
    }

    /// The files in the service's spool folder.
    static func spoolFiles(_ harness: ServiceHarness) -> [String] {
        let folder = harness.library.deletingLastPathComponent().appendingPathComponent("state/originals")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test("a URL original is byte-identical with Content-Length and Content-MD5; Range → 206; fetched upstream once")
    func byteIdentical() async throws {
        try await Self.run { harness, server, token in
            let path = try await Self.originalPath(harness, server, "/photo.jpg", token: token)
            let probes = server.getCount("/photo.jpg")  // the listing reads the photo's header
            // When
            let whole = try await harness.get(path, token: nil)
            let part = try await harness.get(path, token: nil, headers: [.range: "bytes=500-1499"])
            // Then
            #expect(whole.status == .ok)
            #expect(Data(buffer: whole.body) == Self.photo)
            #expect(whole.headers[.contentLength] == String(Self.photo.count))
            #expect(whole.headers[HTTPField.Name("Content-MD5")!] == Data(Insecure.MD5.hash(data: Self.photo)).base64EncodedString())
            #expect(part.status == .partialContent)
            #expect(Data(buffer: part.body) == Self.photo[500...1499])
            #expect(server.getCount("/photo.jpg") == probes + 1)
        }
    }

    @Test("concurrent requests for a cold URL original cause one upstream GET")
    func oneDownloadForManyRequests() async throws {
        try await Self.run { harness, server, token in
            let path = try await Self.originalPath(harness, server, "/photo.jpg", token: token)
            let probes = server.getCount("/photo.jpg")  // the listing reads the photo's header
            // When
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let headers: HTTPFields = index.isMultiple(of: 2) ? [:] : [.range: "bytes=\(index)-"]
                        let response = try await harness.get(path, token: nil, headers: headers)
                        #expect(Data(buffer: response.body) == Self.photo.dropFirst(index.isMultiple(of: 2) ? 0 : index))
                        return Int(response.status.code)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // Then
            #expect(statuses.sorted() == [200, 200, 200, 200, 206, 206, 206, 206])
            #expect(server.getCount("/photo.jpg") == probes + 1)
        }
    }

    @Test("a changed upstream version (new ETag) is fetched anew; the old URL answers 410")
    func changedVersion() async throws {
        try await Self.run { harness, server, token in
            let before = try await Self.originalPath(harness, server, "/photo.jpg", token: token)
            #expect(Data(buffer: try await harness.get(before, token: nil).body) == Self.photo)
            // When
            server.serve(.init(bytes: Self.edited, etag: "\"v2\""), at: "/photo.jpg")
            let after = try await Self.originalPath(harness, server, "/photo.jpg", token: token)
            let probes = server.getCount("/photo.jpg")
            let response = try await harness.get(after, token: nil)
            // Then
            #expect(after != before)
            #expect(Data(buffer: response.body) == Self.edited)
            #expect(response.headers[HTTPField.Name("Content-MD5")!] == Data(Insecure.MD5.hash(data: Self.edited)).base64EncodedString())
            #expect(server.getCount("/photo.jpg") == probes + 1)
            #expect(try await harness.get(before, token: nil).status == .gone)
        }
    }

    @Test("an upstream failure mid-body answers a clean error and leaves nothing in the spool")
    func failureMidBody() async throws {
        try await Self.run { harness, server, token in
            let path = try await Self.originalPath(harness, server, "/broken.jpg", token: token)
            // When
            let failed = try await harness.get(path, token: nil)
            // Then
            #expect(failed.status.code >= 500)
            #expect(failed.headers[.contentType] == "application/problem+json")
            #expect(try ServiceHarness.object(failed)["code"] as? String == "connection")
            #expect(Self.spoolFiles(harness).isEmpty)
            // And once the server sends the whole photo
            server.serve(.init(bytes: Self.photo, etag: "\"b1\""), at: "/broken.jpg")
            let healed = try await harness.get(path, token: nil)
            #expect(healed.status == .ok)
            #expect(Data(buffer: healed.body) == Self.photo)
            #expect(Self.spoolFiles(harness).count == 2)  // the original and its sidecar
        }
    }
}
