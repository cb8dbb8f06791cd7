import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import PhotoSourceService
import Testing

/// tus 1.0 at `/v1/uploads` against a real server: creation, offsets, refusals, termination.
@Suite("Uploads (tus 1.0)")
struct UploadsTests {
    @Test("OPTIONS tells the version, extensions and maximum size; requests without Tus-Resumable get 412")
    func discovery() async throws {
        try await ServiceHarness.withUploads(UploadSettings(maximumBytes: 5_000_000)) { harness in
            let options = try await harness.client.execute(uri: "/v1/uploads", method: .options)
            #expect(options.status == .noContent)
            #expect(options.headers[.tusVersion] == "1.0.0")
            #expect(options.headers[.tusExtension] == "creation,termination,expiration")
            #expect(options.headers[.tusMaxSize] == "5000000")
            let session = try await harness.newSession()
            let refused = try await harness.client.execute(
                uri: "/v1/uploads", method: .post, headers: [.authorization: "Bearer \(session.token)", .uploadLength: "10"])
            #expect(refused.status == .preconditionFailed)
            #expect(refused.headers[.tusVersion] == "1.0.0")
        }
    }

    @Test("a photo sent in two PATCHes is finished, listed in Uploads with its title and size, and its original is byte-identical")
    func twoChunks() async throws {
        try await ServiceHarness.withUploads { harness in
            let session = try await harness.newSession()
            let photo = try ServiceHarness.photo()
            // When
            let created = try await harness.createUpload(length: photo.count, token: session.token)
            #expect(created.status == .created)
            #expect(created.headers[.tusResumable] == "1.0.0")
            #expect(created.headers[.uploadExpires]?.hasSuffix(" GMT") == true)
            let path = try #require(created.headers[.location])
            #expect(try await harness.offset(path, token: session.token) == 0)
            let half = photo.count / 2
            let first = try await harness.patch(path, offset: 0, photo[..<half], token: session.token)
            #expect(first.status == .noContent)
            #expect(first.headers[.uploadOffset] == String(half))
            let second = try await harness.patch(path, offset: half, photo[half...], token: session.token)
            // Then
            #expect(second.status == .noContent, "\(String(buffer: second.body))")
            #expect(second.headers[.uploadOffset] == String(photo.count))
            let head = try await harness.head(path, token: session.token)
            #expect(head.headers[.uploadLength] == String(photo.count))
            #expect(head.headers[.uploadMetadata]?.contains("filename ZGF5LmpwZw==") == true)
            let listing = try ServiceHarness.object(try await harness.get("/v1/sources/uploads/items", token: session.token))
            let items = try #require(listing["items"] as? [[String: Any]])
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item["title"] as? String == "day.jpg")
            #expect(item["thumbnailURL"] is String)
            let itemID = try #require(item["id"] as? String)
            #expect(itemID == String(path.split(separator: "/").last!) + ".jpg")
            let one = try ServiceHarness.object(try await harness.get("/v1/sources/uploads/items/\(itemID)", token: session.token))
            let original = try await harness.get(try #require(one["originalURL"] as? String), token: nil)
            #expect(original.status == .ok)
            #expect(Array(original.body.readableBytesView) == photo)
            let thumbnail = try await harness.get(try #require(item["thumbnailURL"] as? String), token: nil)
            #expect(thumbnail.status == .ok)
        }
    }

    @Test("a PATCH at another offset than the upload's is 409 and changes nothing")
    func offsetMismatch() async throws {
        try await ServiceHarness.withUploads { harness in
            let session = try await harness.newSession()
            let photo = try ServiceHarness.photo()
            let path = try await harness.newUpload(length: photo.count, token: session.token)
            _ = try await harness.patch(path, offset: 0, photo[..<100], token: session.token)
            // When
            let response = try await harness.patch(path, offset: 50, photo[50..<200], token: session.token)
            // Then
            #expect(response.status == .conflict)
            #expect(response.headers[.tusResumable] == "1.0.0")
            #expect(try ServiceHarness.detail(response).contains("has 100 bytes"))
            #expect(try await harness.offset(path, token: session.token) == 100)
        }
    }

    @Test("another session's upload is 404 for HEAD, PATCH and DELETE, and stays out of its Uploads")
    func otherSession() async throws {
        try await ServiceHarness.withUploads { harness in
            let owner = try await harness.newSession()
            let other = try await harness.newSession()
            let photo = try ServiceHarness.photo()
            let path = try await harness.newUpload(length: photo.count, token: owner.token)
            _ = try await harness.patch(path, offset: 0, photo, token: owner.token)
            // Then
            #expect(try await harness.head(path, token: other.token).status == .notFound)
            #expect(try await harness.patch(path, offset: photo.count, [], token: other.token).status == .notFound)
            #expect(try await harness.terminate(path, token: other.token).status == .notFound)
            let listing = try ServiceHarness.object(try await harness.get("/v1/sources/uploads/items", token: other.token))
            #expect((listing["items"] as? [Any])?.isEmpty == true)
            #expect(try await harness.offset(path, token: owner.token) == photo.count)
        }
    }

    @Test("an Upload-Length over the maximum, or over the session's quota, is 413 before any byte is sent")
    func tooLarge() async throws {
        try await ServiceHarness.withUploads(UploadSettings(maximumBytes: 100_000, sessionQuotaBytes: 150_000)) { harness in
            let session = try await harness.newSession()
            // When
            let huge = try await harness.createUpload(length: 100_001, token: session.token)
            _ = try await harness.newUpload(length: 100_000, token: session.token)
            let overQuota = try await harness.createUpload(length: 60_000, token: session.token)
            // Then
            #expect(huge.status == .contentTooLarge)
            #expect(try ServiceHarness.detail(huge).contains("at most 100000 bytes"))
            #expect(overQuota.status == .contentTooLarge)
            #expect(try ServiceHarness.detail(overQuota).contains("quota of 150000 bytes"))
        }
    }

    @Test("a PATCH body over the per-request cap is 413")
    func chunkTooLarge() async throws {
        try await ServiceHarness.withUploads(UploadSettings(maximumChunkBytes: 1_000)) { harness in
            let session = try await harness.newSession()
            let photo = try ServiceHarness.photo()
            let path = try await harness.newUpload(length: photo.count, token: session.token)
            // When
            let response = try await harness.patch(path, offset: 0, photo[..<2_000], token: session.token)
            // Then
            #expect(response.status == .contentTooLarge)
            #expect(try ServiceHarness.detail(response).contains("at most 1000 bytes"))
        }
    }

    @Test("bytes that are not JPEG or PNG are refused with 415 after the first chunk, saying what they are, and deleted")
    func notAnImage() async throws {
        try await ServiceHarness.withUploads { harness in
            let session = try await harness.newSession()
            let gif = Array("GIF89a".utf8) + [UInt8](repeating: 7, count: 5_000)
            let path = try await harness.newUpload(length: gif.count + 10_000, token: session.token)
            // When
            let response = try await harness.patch(path, offset: 0, gif, token: session.token)
            // Then
            #expect(response.status == .unsupportedMediaType)
            let detail = try ServiceHarness.detail(response)
            #expect(detail.contains("Only JPEG and PNG"))
            #expect(detail.contains("GIF"), "\(detail)")
            #expect(try await harness.head(path, token: session.token).status == .notFound)
        }
    }

    @Test("a complete upload that starts like a JPEG but does not decode is 422 with the decoder's reason, and deleted")
    func undecodable() async throws {
        try await ServiceHarness.withUploads { harness in
            let session = try await harness.newSession()
            let photo = try ServiceHarness.photo()
            var broken = Array(photo[..<200]) + [UInt8](repeating: 0, count: 3_000)
            broken[2] = 0xFF
            let path = try await harness.newUpload(length: broken.count, token: session.token)
            // When
            let response = try await harness.patch(path, offset: 0, broken, token: session.token)
            // Then
            #expect(response.status == .unprocessableContent, "\(String(buffer: response.body))")
            #expect(try ServiceHarness.detail(response).hasPrefix("The uploaded photo does not decode: "))
            #expect(try await harness.head(path, token: session.token).status == .notFound)
            let listing = try ServiceHarness.object(try await harness.get("/v1/sources/uploads/items", token: session.token))
            #expect((listing["items"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("DELETE terminates an upload: 204, then 404")
    func terminate() async throws {
        try await ServiceHarness.withUploads { harness in
            let session = try await harness.newSession()
            let photo = try ServiceHarness.photo()
            let path = try await harness.newUpload(length: photo.count, token: session.token)
            _ = try await harness.patch(path, offset: 0, photo[..<500], token: session.token)
            // When
            let response = try await harness.terminate(path, token: session.token)
            // Then
            #expect(response.status == .noContent)
            #expect(try await harness.head(path, token: session.token).status == .notFound)
            #expect(try await harness.patch(path, offset: 500, photo[500...], token: session.token).status == .notFound)
        }
    }

    @Test("without a session token every tus call is 401")
    func unauthenticated() async throws {
        try await ServiceHarness.withUploads { harness in
            let response = try await harness.client.execute(
                uri: "/v1/uploads", method: .post, headers: [.tusResumable: "1.0.0", .uploadLength: "10"])
            #expect(response.status == .unauthorized)
            #expect(response.headers[.tusResumable] == "1.0.0")
        }
    }
}
