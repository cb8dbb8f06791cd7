public import Foundation

/// Which orders `GET /v1/orders` lists: one owner's (a session's) or everyone's (the API key),
/// filtered, oldest first, from just after a cursor.
public struct OrderListQuery: Sendable, Hashable {
    /// Only this owner's orders (a session's id); every order when `nil`.
    public var owner: String?
    /// Only orders with this shop reference.
    public var reference: String?
    /// Only orders in this status.
    public var status: OrderStatus?
    /// Only orders created after this moment.
    public var createdAfter: Date?
    /// Only orders after this one in the listing's order (created, then id).
    public var after: Position?
    /// At most this many.
    public var limit: Int

    /// A place in the listing: an order's creation time and id, which never change.
    public struct Position: Sendable, Hashable, Codable {
        /// The order's `created_at`, seconds since 1970.
        public var createdAt: Double
        /// The order's id.
        public var id: String

        /// Creates a position.
        public init(createdAt: Double, id: String) {
            self.createdAt = createdAt
            self.id = id
        }
    }

    /// Creates a query.
    public init(
        owner: String? = nil, reference: String? = nil, status: OrderStatus? = nil, createdAfter: Date? = nil, after: Position? = nil,
        limit: Int = 50
    ) {
        self.owner = owner
        self.reference = reference
        self.status = status
        self.createdAfter = createdAfter
        self.after = after
        self.limit = limit
    }
}
