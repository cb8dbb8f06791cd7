import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// Handlers, configurations and calls shared by the catalog route tests.
enum CatalogFixture {
    /// A handler for `edit` with an https template (and optional extras as JSON members).
    static func handler(_ id: String, name: String = #""N""#, extra: String = "") -> String {
        #"{"id": "\#(id)", "name": \#(name), "icons": {"1x": "https://\#(id).example/1.png", "2x": "https://\#(id).example/2.png"}, "#
            + #""actions": {"edit": {"url": "https://\#(id).example/?i={{imageURL}}", "required": ["imageURL"]}}\#(extra)}"#
    }

    /// A catalog document of `handlers` (JSON objects).
    static func document(_ handlers: [String]) -> String {
        #"{"version": 1, "handlers": [\#(handlers.joined(separator: ", "))]}"#
    }

    /// Handlers decoded for `configuration.catalog.handlers`.
    static func handlers(_ handlers: [String]) throws -> [CatalogHandler] {
        try HandlerCatalog.parse(Data(document(handlers).utf8)).handlers
    }

    /// `POST /v1/sessions`, for `customer` when given; the token.
    static func session(_ harness: ServiceHarness, customer: String? = nil) async throws -> String {
        let response = try await harness.client.execute(
            uri: "/v1/sessions", method: .post,
            headers: [.authorization: "Bearer \(ServiceHarness.apiKey)", .contentType: "application/json"],
            body: customer.map { ByteBuffer(string: #"{"customer": "\#($0)"}"#) })
        #expect(response.status == .created)
        return try #require(try ServiceHarness.object(response)["token"] as? String)
    }

    /// `GET uri` with `token`; the JSON object (the status must be 200).
    static func catalog(_ harness: ServiceHarness, _ uri: String = "/v1/catalog?action=edit", token: String, headers: HTTPFields = [:]) async throws -> [String: Any] {
        let response = try await harness.get(uri, token: token, headers: headers)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try ServiceHarness.object(response)
    }

    /// The ids of `list` (`available` or `more`) of a catalog answer.
    static func ids(_ answer: [String: Any], _ list: String) -> [String] {
        (answer[list] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// The entry `id` of `list`.
    static func entry(_ answer: [String: Any], _ list: String = "available", id: String) -> [String: Any]? {
        (answer[list] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    /// `PUT /v1/catalog/defaults/{action}` with `body`.
    static func putDefault(_ harness: ServiceHarness, action: String = "edit", body: String?, token: String) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if body != nil { headers[.contentType] = "application/json" }
        return try await harness.client.execute(
            uri: "/v1/catalog/defaults/\(action)", method: .put, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }
}
