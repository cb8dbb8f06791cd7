import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import PhotoSourceService
import Testing

@Suite("Sessions for a shop's customer")
struct SessionCustomerTests {
    static func create(_ harness: ServiceHarness, body: String?) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(ServiceHarness.apiKey)"]
        if body != nil { headers[.contentType] = "application/json" }
        return try await harness.client.execute(
            uri: "/v1/sessions", method: .post, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    @Test("POST /v1/sessions takes an optional {\"customer\"}: with one, without one, or an empty body")
    func optionalCustomer() async throws {
        try await ServiceHarness.run { harness in
            for body in [#"{"customer": "c-42"}"#, "{}", #"{"customer": null}"#, nil] {
                let response = try await Self.create(harness, body: body)
                #expect(response.status == .created, "body \(body ?? "none")")
                let token = try #require(try ServiceHarness.object(response)["token"] as? String)
                #expect(try await harness.get("/v1/sources", token: token).status == .ok)
            }
        }
    }

    @Test("a customer that is not 1–128 printable characters is 400 with the path $.customer", arguments: [
        #"{"customer": ""}"#, #"{"customer": 42}"#, #"{"customer": "a\nb"}"#, "{\"customer\": \"\(String(repeating: "x", count: 129))\"}",
    ])
    func refusedCustomer(_ body: String) async throws {
        try await ServiceHarness.run { harness in
            let response = try await Self.create(harness, body: body)
            #expect(response.status == .badRequest)
            let errors = try #require(try ServiceHarness.object(response)["errors"] as? [[String: Any]])
            #expect(errors.first?["path"] as? String == "$.customer")
        }
    }

    @Test("the body's customer is what the session keeps")
    func parsedCustomer() throws {
        #expect(try SessionsController.customer(in: Data(#"{"customer": "shop-user 7"}"#.utf8)) == "shop-user 7")
        let longest = String(repeating: "é", count: 128)
        #expect(try SessionsController.customer(in: Data("{\"customer\": \"\(longest)\"}".utf8)) == longest)
        #expect(try SessionsController.customer(in: Data()) == nil)
    }
}
