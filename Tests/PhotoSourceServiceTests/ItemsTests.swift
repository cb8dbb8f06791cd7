import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import SampleSources
import Testing

@Suite("Sources, products and items")
struct ItemsTests {
    @Test("GET /v1/sources and /v1/products list what the configuration offers")
    func sourcesAndProducts() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let sources = try ServiceHarness.array(try await harness.get("/v1/sources", token: session.token))
            #expect(sources.count == 1)
            #expect(sources[0]["id"] as? String == "library")
            #expect(sources[0]["title"] as? String == "Test Library")
            #expect(sources[0]["requiresSignIn"] as? Bool == false)
            #expect(sources[0]["signedIn"] as? Bool == true)
            #expect(sources[0].keys.contains("iconURL"))
            let products = try ServiceHarness.array(try await harness.get("/v1/products", token: session.token))
            #expect(products.map { $0["id"] as? String } == Product.defaults.map(\.id))
            #expect(Set(products[0].keys) == ["id", "name", "width", "height", "unit", "minimumDPI", "goodDPI", "dpi", "bleedMillimetres"])
        }
    }

    @Test("a listing is the ls --json object, 1-based, with signed thumbnails and fitness for the product")
    func listing() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            // When
            let response = try await harness.get("/v1/sources/library/items?scope=Album&count=1&product=4x6", token: session.token)
            // Then
            #expect(response.status == .ok)
            let page = try ServiceHarness.object(response)
            #expect(page["source"] as? String == "library")
            #expect(page["scope"] as? String == "Album")
            #expect(page["page"] as? Int == 1)
            #expect(page["count"] as? Int == 1)
            #expect(page["hasMore"] as? Bool == true)
            let items = try #require(page["items"] as? [[String: Any]])
            #expect(items.map { $0["kind"] as? String } == ["back", "image"])
            let photo = items[1]
            #expect(photo["width"] as? Int == 300 || photo["width"] as? Int == 1200)
            let thumbnail = try #require(photo["thumbnailURL"] as? String)
            #expect(thumbnail.hasPrefix("/v1/thumbnails/"))
            let fitness = try #require(photo["fitness"] as? [String: Any])
            #expect(fitness["verdict"] as? String != nil)
            #expect(items[0]["thumbnailURL"] == nil)
            // The second page follows the first.
            let second = try ServiceHarness.object(try await harness.get("/v1/sources/library/items?scope=Album&count=1&page=2", token: session.token))
            #expect(second["page"] as? Int == 2)
            #expect(second["hasMore"] as? Bool == false)
        }
    }

    @Test("fitness follows the product: 1200×800 is good at 4×6 and low at 16×20")
    func fitness() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let uri = "/v1/sources/library/items/Album%2Fsunset.jpg?product="
            let small = try ServiceHarness.object(try await harness.get(uri + "4x6", token: session.token))
            let large = try ServiceHarness.object(try await harness.get(uri + "16x20", token: session.token))
            #expect((small["fitness"] as? [String: Any])?["dpi"] as? Int == 200)
            #expect((small["fitness"] as? [String: Any])?["verdict"] as? String == "acceptable")
            #expect((large["fitness"] as? [String: Any])?["verdict"] as? String == "low")
        }
    }

    @Test("one item carries its full pixel size and a signed original URL")
    func oneItem() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let response = try await harness.get("/v1/sources/library/items/Album%2Fsunset.jpg", token: session.token)
            #expect(response.status == .ok)
            let item = try ServiceHarness.object(response)
            #expect(item["width"] as? Int == 1200)
            #expect(item["height"] as? Int == 800)
            #expect((item["originalURL"] as? String)?.hasPrefix("/v1/originals/") == true)
            // Unescaped slashes work too.
            #expect(try await harness.get("/v1/sources/library/items/Album/sunset.jpg", token: session.token).status == .ok)
        }
    }

    @Test("bad input: unknown source, album, item or product, and out-of-range paging are problems")
    func errors() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let cases: [(String, Int, String)] = [
                ("/v1/sources/nope/items", 404, "not-found"),
                ("/v1/sources/library/items?scope=Nope", 404, "not-found"),
                ("/v1/sources/library/items?scope=portrait.jpg", 400, "invalid-data"),
                ("/v1/sources/library/items?page=0", 400, "invalid-data"),
                ("/v1/sources/library/items?count=abc", 400, "invalid-data"),
                ("/v1/sources/library/items?product=poster", 400, "invalid-data"),
                ("/v1/sources/library/items/Album%2Fmissing.jpg", 404, "not-found"),
                ("/v1/sources/library/items/Album", 404, "not-found"),
                ("/v1/sources/library/items/..%2F..%2Fetc%2Fpasswd", 404, "access-denied"),
                ("/v1/nothing-here", 404, "not-found"),
            ]
            for (uri, status, code) in cases {
                let response = try await harness.get(uri, token: session.token)
                #expect(response.status.code == status, "\(uri)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(uri)")
                #expect(try ServiceHarness.object(response)["code"] as? String == code, "\(uri)")
            }
        }
    }
}
