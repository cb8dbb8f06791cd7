import Foundation
import Hummingbird
import PhotoSourceKit

extension OrdersController {
    /// `GET /v1/orders?reference=&status=&createdAfter=&cursor=&limit=`: the caller's orders (a
    /// session's own; the API key's, all), oldest first, `limit` (1–100, default 50) at a time;
    /// `nextCursor` continues after the last one and is absent on the last page. A cursor is
    /// opaque: the last order's creation time and id, so the listing is stable while orders are added.
    func list(_ request: Request) async throws -> Response {
        let caller = try await caller(request)
        let parameters = request.uri.queryParameters
        var problems = FieldProblems()
        var query = OrderListQuery(owner: caller.isShop ? nil : caller.owner)
        query.reference = parameters["reference"].map(String.init)
        if let status = parameters["status"].map(String.init) {
            query.status = OrderStatus(rawValue: status)
            problems.check(query.status != nil, "status", "\"\(status.prefix(40))\" is not an order status (accepted, materialising, delivering, delivered, partiallyDelivered, failed, cancelled).")
        }
        if let after = parameters["createdAfter"].map(String.init) {
            query.createdAfter = try? Date(after, strategy: .iso8601)
            problems.check(query.createdAfter != nil, "createdAfter", "is not an ISO 8601 time such as 2026-11-27T10:00:00Z.")
        }
        if let cursor = parameters["cursor"].map(String.init) {
            query.after = Self.position(fromCursor: cursor)
            problems.check(query.after != nil, "cursor", "is not a cursor this listing gave out; start again without one.")
        }
        let limit = parameters["limit"].map { Int(String($0)) } ?? 50
        problems.check(limit.map { (1...100).contains($0) } ?? false, "limit", "must be a whole number from 1 to 100.")
        guard problems.isEmpty else {
            throw FieldProblem.problem(problems.all, summary: "The listing's query has \(problems.all.count) problem(s):")
        }
        query.limit = (limit ?? 50) + 1  // one more, to know whether there is a next page
        var orders = try await dependencies.orderStore().orders(query)
        var next: String?
        if orders.count == query.limit {
            orders.removeLast()
            next = orders.last.map(Self.cursor(after:))
        }
        return try JSONResponse.make(OrderListResponse(orders: orders.map(OrderResponse.init), nextCursor: next))
    }

    /// The opaque cursor after `order`: base64url of `{createdAt, id}`.
    static func cursor(after order: OrderRecord) -> String {
        let position = OrderListQuery.Position(createdAt: order.createdAt.timeIntervalSince1970, id: order.id)
        return Base64URL.encode((try? JSONEncoder().encode(position)) ?? Data())
    }

    static func position(fromCursor cursor: String) -> OrderListQuery.Position? {
        guard cursor.utf8.count <= 200, let bytes = Base64URL.decode(cursor) else { return nil }
        return try? JSONDecoder().decode(OrderListQuery.Position.self, from: Data(bytes))
    }
}

/// `GET /v1/orders`: a page of orders, each as `GET /v1/orders/{id}` shows it.
struct OrderListResponse: Encodable {
    let orders: [OrderResponse]
    let nextCursor: String?
}
