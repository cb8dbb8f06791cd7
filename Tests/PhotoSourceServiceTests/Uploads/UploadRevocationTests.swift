import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import PhotoSourceService
import Testing

/// A revoked session's uploads: its signed URLs stop at once, its order still goes through.
@Suite("Uploads of a revoked session")
struct UploadRevocationTests {
    /// A session with one finished upload; returns its token and the photo's item id.
    private static func uploaded(_ harness: ServiceHarness, photo: [UInt8]) async throws -> (token: String, itemID: String) {
        let session = try await harness.newSession()
        let path = try await harness.newUpload(length: photo.count, token: session.token, filename: "beach.jpg")
        #expect(try await harness.patch(path, offset: 0, photo, token: session.token).status == .noContent)
        return (session.token, String(path.split(separator: "/").last!) + ".jpg")
    }

    @Test("DELETE /v1/sessions/current stops the session's signed thumbnail (even a warm one) and original URLs of its uploads at once: 401 not-logged-in")
    func signedURLsStop() async throws {
        try await ServiceHarness.withUploads { harness in
            let (token, itemID) = try await Self.uploaded(harness, photo: try ServiceHarness.photo())
            let item = try ServiceHarness.object(try await harness.get("/v1/sources/uploads/items/\(itemID)", token: token))
            let thumbnailURL = try #require(item["thumbnailURL"] as? String)
            let originalURL = try #require(item["originalURL"] as? String)
            // Both work, and the thumbnail is now in the cache's memory tier.
            #expect(try await harness.get(thumbnailURL, token: nil).status == .ok)
            #expect(try await harness.get(thumbnailURL, token: nil).status == .ok)
            #expect(try await harness.get(originalURL, token: nil).status == .ok)
            // When
            let revoked = try await harness.client.execute(uri: "/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(revoked.status == .noContent)
            // Then
            for url in [thumbnailURL, originalURL] {
                let response = try await harness.get(url, token: nil)
                #expect(response.status == .unauthorized, "\(url)")
                #expect(try ServiceHarness.object(response)["code"] as? String == "not-logged-in")
            }
        }
    }

    @Test("an order of an uploaded photo is delivered when the shop revokes the session right after the checkout")
    func orderOutlivesSession() async throws {
        // Workers look for jobs every 2 s, so the revocation lands before the order is picked up.
        try await ServiceHarness.withUploads(orders: true, configure: { $0.orders.pollIntervalSeconds = 2 }) { harness in
            let photo = try ServiceHarness.photo(width: 1800, height: 1200)
            let (token, itemID) = try await Self.uploaded(harness, photo: photo)
            let response = try await harness.postOrder(
                ServiceHarness.orderBody([itemID], source: ServiceSource.uploadsID), token: token, key: UUID().uuidString)
            #expect(response.status == .created, "\(String(buffer: response.body))")
            let id = try #require(try ServiceHarness.object(response)["id"] as? String)
            // When
            let revoked = try await harness.client.execute(uri: "/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(revoked.status == .noContent)
            // Then
            let order = try await harness.waitForOrder(id, token: ServiceHarness.apiKey)
            #expect(order["status"] as? String == "delivered", "\(order)")
            let file = harness.orderFolder.appendingPathComponent(id).appendingPathComponent("001-beach.jpg")
            #expect(Array(try Data(contentsOf: file)) == photo)
        }
    }
}
