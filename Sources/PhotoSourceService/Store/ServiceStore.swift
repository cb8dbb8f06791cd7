public import Foundation

/// Where the service keeps everything a second instance would need: customer sessions, their
/// source sign-ins (sealed), OAuth `state` values and device codes in flight, and idempotency records.
///
/// Every query the service makes goes through this protocol, so a PostgreSQL store can take
/// the SQLite one's place for several instances. Secrets arrive here already hashed or sealed.
public protocol ServiceStore: HandlerStore {
    /// Whether the store can take writes now, for `GET /v1/ready`: ``StorageCheck/ok``, or
    /// ``StorageCheck/Status/full`` when a write would fail for want of room. Cheap: no full scan.
    func readiness() async -> StorageCheck

    /// Stores a new session whose token hashes to `tokenHash`.
    func createSession(_ session: CustomerSession) async throws
    /// The live session whose token hashes to `tokenHash`, its expiry slid to `now + lifetime`;
    /// `nil` when there is none or it has expired.
    func touchSession(tokenHash: String, now: Date, lifetime: TimeInterval) async throws -> CustomerSession?
    /// The live session whose token hashes to `tokenHash`, read only (no sliding): what a
    /// request is answered from when ``touchSession(tokenHash:now:lifetime:)`` cannot write
    /// because the storage is full (``SessionSlide``).
    func session(tokenHash: String, now: Date) async throws -> CustomerSession?
    /// The session with `id` when it is live at `now` (no sliding), else `nil`.
    func session(id: String, now: Date) async throws -> CustomerSession?
    /// Revokes the session with `id` at once: the session, its sign-ins, pending authorizations,
    /// device grants and idempotency records go with it (orders stay). Nothing happens when there is none.
    func deleteSession(id: String) async throws

    /// The sealed credentials of `session` for `source`, or `nil`.
    func signIn(session: String, source: String) async throws -> Data?
    /// Stores sealed credentials of `session` for `source`, replacing earlier ones.
    func saveSignIn(session: String, source: String, sealed: Data) async throws
    /// Forgets the credentials of `session` for `source`; forgetting nothing is fine.
    func deleteSignIn(session: String, source: String) async throws

    /// Remembers an OAuth `state` until `expiresAt`, with what the callback needs.
    func saveAuthorization(_ pending: PendingAuthorization) async throws
    /// Removes and returns the pending authorization of `state` (single use); `nil` when unknown or expired.
    func takeAuthorization(state: String, now: Date) async throws -> PendingAuthorization?

    /// Stores a device sign-in, replacing the one `grant.session` had for `grant.source`.
    func saveDeviceGrant(_ grant: DeviceGrant) async throws
    /// The device sign-in of `session` for `source` in any status (until purged), or `nil`.
    func deviceGrant(session: String, source: String) async throws -> DeviceGrant?
    /// Claims the next poll of a device sign-in: when it is pending, unexpired at `now` and its
    /// last poll is at least its interval ago, records `now` as the last poll and returns the
    /// grant as it was; otherwise `nil`. Atomic, so instances sharing the store poll once per interval.
    func claimDeviceGrantPoll(session: String, source: String, now: Date) async throws -> DeviceGrant?
    /// Stores what a poll said (`grant`'s status, interval and last poll time) when the sign-in
    /// in the store is still `grant` (the same sealed device code), not one started since.
    func updateDeviceGrant(_ grant: DeviceGrant) async throws
    /// Forgets `grant` when the sign-in in the store is still that one; forgetting nothing is fine.
    func deleteDeviceGrant(_ grant: DeviceGrant) async throws

    /// The stored response for an idempotency key of a session, or `nil`.
    func idempotentResponse(session: String, key: String) async throws -> IdempotencyRecord?
    /// Stores the response for an idempotency key; a second store of the same key keeps the first.
    func saveIdempotentResponse(_ record: IdempotencyRecord) async throws

    /// Deletes expired sessions (with everything they own), expired authorizations and expired
    /// device sign-ins; returns how many sessions went.
    func purgeExpired(now: Date) async throws -> Int
}

/// A customer session as stored: never the token itself.
public struct CustomerSession: Sendable, Hashable {
    /// The public id (also in signed URLs).
    public var id: String
    /// SHA-256 hex of the bearer token.
    public var tokenHash: String
    /// When it was made.
    public var createdAt: Date
    /// When it expires unless used again.
    public var expiresAt: Date
    /// The shop's own id for the customer (`POST /v1/sessions {"customer"}`), if it gave one.
    public var customer: String?

    /// Whose remembered handlers, used handlers and received photos these are: the shop's
    /// customer (`customer:ID`), so a returning customer's new session keeps them, else the
    /// session alone (`session:ID`).
    public var customerKey: String { customer.map { "customer:" + $0 } ?? Self.sessionKeyPrefix + id }

    /// The start of a ``customerKey`` of a session without a customer.
    static let sessionKeyPrefix = "session:"

    /// The session id in a ``customerKey`` of a session without a customer; `nil` for a customer's key.
    static func sessionID(inCustomerKey key: String) -> String? {
        key.hasPrefix(sessionKeyPrefix) ? String(key.dropFirst(sessionKeyPrefix.count)) : nil
    }

    /// Creates a session record.
    public init(id: String, tokenHash: String, createdAt: Date, expiresAt: Date, customer: String? = nil) {
        self.id = id
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.customer = customer
    }
}

/// An authorization-code sign-in waiting for its callback.
public struct PendingAuthorization: Sendable, Hashable {
    /// The OAuth `state` (random, single use).
    public var state: String
    /// The customer session it is bound to.
    public var session: String
    /// The source signing in.
    public var source: String
    /// The PKCE verifier, sealed.
    public var sealedVerifier: Data
    /// When the state stops being accepted.
    public var expiresAt: Date

    /// Creates a pending authorization.
    public init(state: String, session: String, source: String, sealedVerifier: Data, expiresAt: Date) {
        self.state = state
        self.session = session
        self.source = source
        self.sealedVerifier = sealedVerifier
        self.expiresAt = expiresAt
    }
}

/// A response remembered for an `Idempotency-Key`.
public struct IdempotencyRecord: Sendable, Hashable {
    /// The session that sent the key.
    public var session: String
    /// The key.
    public var key: String
    /// A hash of the request, so the same key with another body is refused.
    public var requestHash: String
    /// The HTTP status.
    public var status: Int
    /// The response body.
    public var body: Data
    /// When it was stored.
    public var createdAt: Date

    /// Creates a record.
    public init(session: String, key: String, requestHash: String, status: Int, body: Data, createdAt: Date) {
        self.session = session
        self.key = key
        self.requestHash = requestHash
        self.status = status
        self.body = body
        self.createdAt = createdAt
    }
}

extension ServiceStore {
    /// Stores that cannot tell are counted ready.
    public func readiness() async -> StorageCheck { .ok }
}
