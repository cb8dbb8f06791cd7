import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import PhotoSourceService
import Testing

/// Order calls on a ``ServiceHarness``: the configuration orders need (a folder destination in
/// the test's own folder, short leases and polls), posting, and waiting for an order to end.
extension ServiceHarness {
    /// The folder destination's root for a harness's state folder.
    static func orderFolder(state: String) -> URL {
        URL(fileURLWithPath: state).deletingLastPathComponent().appendingPathComponent("orders", isDirectory: true)
    }

    /// Orders go to one folder beside the state folder; the pipeline polls and retries quickly.
    static func orderConfiguration(_ configuration: inout ServiceConfiguration) {
        configuration.destinations = [.folder(id: "shop-folder", root: orderFolder(state: configuration.stateDirectory).path)]
        configuration.orders = OrderSettings(leaseSeconds: 3, pollIntervalSeconds: 0.05, retryBaseSeconds: 0.05, retryMaximumSeconds: 0.2, maximumAttempts: 3)
    }

    var orderFolder: URL { Self.orderFolder(state: library.deletingLastPathComponent().appendingPathComponent("state").path) }

    /// `POST /v1/orders` with `token` (a session's, or the API key) and `key`.
    func postOrder(_ body: String, token: String, key: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/v1/orders", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: "application/json", HTTPField.Name("Idempotency-Key")!: key],
            body: ByteBuffer(string: body))
    }

    /// The body of an order for `items` (item ids in the `library` source).
    static func orderBody(_ items: [String], reference: String = "R-1", product: String = "4x6", source: String = "library") -> String {
        let lines = items.map { #"{"source": "\#(source)", "itemId": "\#($0)", "copies": 1}"# }.joined(separator: ", ")
        return #"{"reference": "\#(reference)", "product": "\#(product)", "items": [\#(lines)]}"#
    }

    /// Posts an order and returns its id (expecting 201).
    func placeOrder(_ items: [String], token: String, key: String = UUID().uuidString) async throws -> String {
        let response = try await postOrder(Self.orderBody(items), token: token, key: key)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(try Self.object(response)["id"] as? String)
    }

    /// `GET /v1/orders/{id}` until its status is final (at most about 30 s), then once more with
    /// `token`; returns that body. The polling uses the API key: a session's every call slides its
    /// expiry, a write, and a test need not load the store with those.
    func waitForOrder(_ id: String, token: String) async throws -> [String: Any] {
        for _ in 0..<600 {
            let order = try Self.object(try await get("/v1/orders/\(id)", token: Self.apiKey))
            if let status = order["status"] as? String, ["delivered", "partiallyDelivered", "failed", "cancelled"].contains(status) {
                return try Self.object(try await get("/v1/orders/\(id)", token: token))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("order \(id) did not end")
        return try Self.object(try await get("/v1/orders/\(id)", token: token))
    }
}
