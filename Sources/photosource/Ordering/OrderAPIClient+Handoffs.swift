import Foundation
import PhotoSourceKit

/// The "Send to…" calls of the service's API, as the REPL's customer session makes them:
/// `GET /v1/catalog`, `PUT /v1/catalog/defaults/{action}`, `POST /v1/handoffs` and the
/// "Received" source's listing.
extension OrderAPIClient {
    /// The answer of `GET /v1/catalog` (the parts the REPL shows).
    struct HandlerOffer: Decodable, Sendable {
        /// One handler as offered.
        struct Handler: Decodable, Sendable, Equatable {
            let id: String
            let name: String
            let actions: [String]
            let canReceive: Bool
            let isDefault: Bool
        }

        /// The action asked about; `nil` for the whole catalog.
        let action: String?
        /// A handler for the action appeared after the default was chosen: ask the person again.
        let askAgain: Bool
        /// The handlers on the web platform (for `action`, when given).
        let available: [Handler]

        /// The remembered default, when it still applies (none when the person must be asked again).
        var applyingDefault: Handler? {
            askAgain ? nil : available.first(where: \.isDefault)
        }

        /// The handlers with the default first.
        var defaultFirst: [Handler] {
            available.filter(\.isDefault) + available.filter { !$0.isDefault }
        }
    }

    /// A started hand-off (`201` of `POST /v1/handoffs`).
    struct Launch: Decodable, Sendable {
        let id: String
        let handler: String
        let launchURL: String
        let expiresAt: String
    }

    /// One photo of a listed source (`GET /v1/sources/{id}/items`).
    struct ListedItem: Decodable, Sendable {
        let id: String
        let title: String
    }

    /// The handlers for `action` (every live one without), this session's default marked.
    func handlers(action: String?) async throws -> HandlerOffer {
        var query = "platform=web"
        if let action { query += "&action=" + Self.queryValue(action) }
        return try decode(HandlerOffer.self, from: try await send("GET", "/v1/catalog?" + query))
    }

    /// Remembers `handler` as this session's choice for `action`.
    func rememberDefault(handler: String, action: String) async throws {
        let body = try JSONEncoder().encode(["handler": handler])
        _ = try await send("PUT", "/v1/catalog/defaults/" + Self.queryValue(action), body: body, headers: ["Content-Type": "application/json"])
    }

    /// Sends item `itemID` of the service's source `source` to `handler`'s `action`.
    func handoff(source: String, itemID: String, handler: String, action: String) async throws -> Launch {
        let body = try JSONEncoder().encode(["source": source, "itemId": itemID, "handler": handler, "action": action])
        return try decode(Launch.self, from: try await send("POST", "/v1/handoffs", body: body, headers: ["Content-Type": "application/json"]))
    }

    /// The photos handlers sent back to this session's customer, newest first.
    func received() async throws -> [ListedItem] {
        struct Page: Decodable { let items: [ListedItem] }
        return try decode(Page.self, from: try await send("GET", "/v1/sources/received/items")).items
    }

    /// `value` percent-encoded for a query or one path segment.
    private static func queryValue(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }
}
