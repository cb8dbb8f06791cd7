public import Foundation

/// One hand-off as stored (`POST /v1/handoffs`): which photo went where, for whom, and whether
/// its one-time URLs have been used. The tokens themselves are never kept, only their SHA-256.
public struct Handoff: Sendable, Hashable {
    /// The public id (`hof_…`).
    public var id: String
    /// SHA-256 hex of the image token (the capability of `GET /v1/handoffs/{token}/image`).
    public var imageTokenHash: String
    /// SHA-256 hex of the return token, when the handler can send the photo back.
    public var returnTokenHash: String?
    /// The session that sent the photo.
    public var sessionID: String
    /// Whose "Received" source a returned photo joins (``CustomerSession/customerKey``).
    public var customerKey: String
    /// The source of the photo sent.
    public var sourceID: String
    /// The photo's id in that source.
    public var itemID: String
    /// The catalog handler it went to; `nil` for a custom action.
    public var handlerID: String?
    /// The handler's action (`edit`, `print`…); `nil` for a custom action.
    public var action: String?
    /// The shop's custom action; `nil` for a handler.
    public var customID: String?
    /// The origin of the launch URL (`https://www.photopea.com`), allowed to read the image and
    /// send it back from a browser (CORS).
    public var launchOrigin: String?
    /// The title a returned photo gets in "Received": "<original title> (from <handler name>)".
    public var receivedTitle: String
    /// When it was made.
    public var createdAt: Date
    /// When both tokens stop working.
    public var expiresAt: Date
    /// When the image was fetched (its token is spent).
    public var usedAt: Date?
    /// When the photo came back (its return token is spent).
    public var returnedAt: Date?

    /// Creates a hand-off record.
    public init(
        id: String, imageTokenHash: String, returnTokenHash: String?, sessionID: String, customerKey: String, sourceID: String,
        itemID: String, handlerID: String?, action: String?, customID: String?, launchOrigin: String?, receivedTitle: String,
        createdAt: Date, expiresAt: Date, usedAt: Date? = nil, returnedAt: Date? = nil
    ) {
        self.id = id
        self.imageTokenHash = imageTokenHash
        self.returnTokenHash = returnTokenHash
        self.sessionID = sessionID
        self.customerKey = customerKey
        self.sourceID = sourceID
        self.itemID = itemID
        self.handlerID = handlerID
        self.action = action
        self.customID = customID
        self.launchOrigin = launchOrigin
        self.receivedTitle = receivedTitle
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.returnedAt = returnedAt
    }
}

/// What taking a one-time token found: the hand-off when this call spent the token, else why not.
public enum HandoffClaim: Sendable, Hashable {
    /// This call spent the token; the hand-off as it now is.
    case taken(Handoff)
    /// The token was spent before (410 `handoff-used`).
    case used
    /// The token ran out unused (410 `handoff-expired`).
    case expired
    /// No hand-off has this token (404).
    case unknown
}

/// Where hand-offs are kept (``SQLServiceStore`` on both engines). Taking a token is one
/// conditional `UPDATE`, so of two concurrent requests exactly one gets ``HandoffClaim/taken(_:)``.
public protocol HandoffStore: Sendable {
    /// Stores a new hand-off and, in the same transaction, `event` in the webhook outbox (the
    /// shop's `handoff.custom`), which the dispatcher then sends like the order events.
    func createHandoff(_ handoff: Handoff, webhook event: WebhookEvent?) async throws
    /// The hand-off whose image token hashes to `hash`, spent or not; `nil` when there is none.
    func handoff(imageTokenHash hash: String) async throws -> Handoff?
    /// The hand-off whose return token hashes to `hash`, spent or not; `nil` when there is none.
    func handoff(returnTokenHash hash: String) async throws -> Handoff?
    /// Spends the image token that hashes to `hash` when it is unused and unexpired at `now`.
    func takeHandoffImage(tokenHash hash: String, now: Date) async throws -> HandoffClaim
    /// Spends the return token that hashes to `hash` when it is unused and unexpired at `now`.
    func takeHandoffReturn(tokenHash hash: String, now: Date) async throws -> HandoffClaim
    /// Deletes hand-offs that expired before `date`; returns how many went.
    func purgeHandoffs(expiredBefore date: Date) async throws -> Int
}
