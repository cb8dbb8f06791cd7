import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import Testing

@Suite("JSON request bodies")
struct JSONBodyTests {
    /// `POST uri` with the API key, `contentType` (none when `nil`) and `body`.
    static func post(_ harness: ServiceHarness, _ uri: String, contentType: String?, body: String) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(ServiceHarness.apiKey)", .idempotencyKeyForTests: UUID().uuidString]
        if let contentType { headers[.contentType] = contentType }
        return try await harness.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test("an order sent as text/plain, a form, multipart or without Content-Type is 415; application/json with a charset is accepted")
    func orderNeedsJSON() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let body = ServiceHarness.orderBody(["portrait.jpg"])
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", nil] {
                // When
                let response = try await Self.post(harness, "/v1/orders", contentType: contentType, body: body)
                // Then
                #expect(response.status == .unsupportedMediaType, "\(contentType ?? "none")")
                #expect(response.headers[.contentType] == "application/problem+json")
                let problem = try ServiceHarness.object(response)
                #expect(problem["code"] as? String == "unsupported-format")
                #expect((problem["detail"] as? String)?.contains("application/json") == true)
            }
            let accepted = try await Self.post(harness, "/v1/orders", contentType: "Application/JSON; charset=utf-8", body: body)
            #expect(accepted.status == .created, "\(String(buffer: accepted.body))")
        }
    }

    @Test("a body with a repeated key is 400 invalid-data naming the key, at the top and nested; the order is not placed")
    func duplicateKeysRefused() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let top = #"{"reference": "R-1", "product": "4x6", "items": [{"source": "library", "itemId": "portrait.jpg"}], "product": "8x10"}"#
            let nested = #"{"reference": "R-1", "product": "4x6", "items": [{"source": "library", "itemId": "portrait.jpg", "itemId": "Album/sunset.jpg"}]}"#
            let escaped = #"{"reference": "R-1", "product": "4x6", "\u0070roduct": "8x10", "items": [{"source": "library", "itemId": "portrait.jpg"}]}"#
            for (body, key, place) in [(top, "product", "top-level"), (nested, "itemId", "items[0]"), (escaped, "product", "top-level")] {
                // When
                let response = try await Self.post(harness, "/v1/orders", contentType: "application/json", body: body)
                // Then
                #expect(response.status == .badRequest, "\(body)")
                let problem = try ServiceHarness.object(response)
                #expect(problem["code"] as? String == "invalid-data")
                let detail = try #require(problem["detail"] as? String)
                #expect(detail.contains("\"\(key)\"") && detail.contains(place), "\(detail)")
            }
            let orders = (try? FileManager.default.contentsOfDirectory(atPath: harness.orderFolder.path)) ?? []
            #expect(orders.isEmpty)
        }
    }

    @Test("every body route: sessions and print-lab callbacks refuse non-JSON (415) and repeated keys (400); no body needs no Content-Type")
    func everyBodyRoute() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let callback = "/v1/destinations/lab/callbacks"
            let cases: [(String, String?, String, HTTPResponse.Status)] = [
                ("/v1/sessions", "text/plain", "hello", .unsupportedMediaType),
                ("/v1/sessions", "application/json", #"{"a": 1, "a": 2}"#, .badRequest),
                ("/v1/sessions", nil, "", .created),
                ("/v1/sessions", "application/json", "{}", .created),
                (callback, "application/x-www-form-urlencoded", "id=1", .unsupportedMediaType),
                (callback, "application/json", #"{"id": "e", "id": "f"}"#, .badRequest),
            ]
            for (uri, contentType, body, status) in cases {
                let response = try await Self.post(harness, uri, contentType: contentType, body: body)
                #expect(response.status == status, "\(uri) \(contentType ?? "none") \(body)")
            }
        }
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key`.
    static var idempotencyKeyForTests: Self { Self("Idempotency-Key")! }
}
