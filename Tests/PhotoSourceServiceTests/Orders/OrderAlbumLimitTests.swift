import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import Testing

@Suite("Orders: an album that takes the order past orders.maximumPhotos")
struct OrderAlbumLimitTests {
    @Test("the album line over the limit fails with too-large, with every photo listed from it; an album within it is delivered")
    func albumOverTheLimitFails() async throws {
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.orders.maximumPhotos = 200
        }) { harness in
            let small = try OrderAlbumLineTests.makeAlbum("Small", count: 5, in: harness.library)
            _ = try OrderAlbumLineTests.makeAlbum("Big", count: 250, in: harness.library)
            let (token, _) = try await harness.newSession()
            let body = #"{"reference": "R-big", "product": "4x6", "items": [{"source": "library", "scope": "Small"}, {"source": "library", "scope": "Big"}]}"#
            // When
            let response = try await harness.postOrder(body, token: token, key: "album-limit")
            #expect(response.status == .created, "\(String(buffer: response.body))")
            let id = try #require(try ServiceHarness.object(response)["id"] as? String)
            let order = try await harness.waitForOrder(id, token: token)
            // Then: Small's 5 photos are delivered; Big went past 200 photo lines and none of its photos prints
            #expect(order["status"] as? String == "partiallyDelivered", "\(order["status"] ?? "")")
            let items = try #require(order["items"] as? [[String: Any]])
            let big = try #require(items.first { $0["scope"] as? String == "Big" && $0["expandedFrom"] == nil })
            #expect(big["state"] as? String == "failed")
            #expect(big["errorCode"] as? String == "too-large")
            #expect((big["message"] as? String)?.contains("past 200 photos (orders.maximumPhotos)") == true)
            let fromBig = items.filter { $0["expandedFrom"] as? Int == 1 }
            #expect(fromBig.count >= 196 && fromBig.count <= 250)  // listed a page at a time, 100 photos each
            #expect(fromBig.allSatisfy { $0["state"] as? String == "failed" })
            let delivered = try OrderAlbumLineTests.delivered(harness, order: id)
            #expect(delivered.count == small.count)
        }
    }
}
