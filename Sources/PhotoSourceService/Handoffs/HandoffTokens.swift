import Foundation

/// The secrets of one new hand-off: a 128-bit random image token and return token (base64url),
/// which go to the handler in URLs and into the store only as SHA-256.
struct HandoffTokens: Sendable {
    /// The image token (`GET /v1/handoffs/{token}/image`).
    let image: String
    /// The return token (`POST /v1/handoffs/{token}/return`).
    let returning: String
    /// When it was made.
    let createdAt: Date
    /// When both stop working.
    let expiresAt: Date

    /// New tokens, valid for the settings' TTL from `now`.
    init(settings: HandoffSettings, now: Date) {
        image = SecretHash.randomToken(byteCount: Self.byteCount)
        returning = SecretHash.randomToken(byteCount: Self.byteCount)
        createdAt = now
        expiresAt = now.addingTimeInterval(TimeInterval(settings.ttlSeconds))
    }

    /// 128 bits.
    static let byteCount = 16

    /// Whether `token` has the shape of one (22 base64url characters): anything else is 404
    /// without a store lookup.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 22 && token.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95
        }
    }

    /// The image URL's path.
    var imagePath: String { "/v1/handoffs/\(image)/image" }
    /// The return URL's path.
    var returnPath: String { "/v1/handoffs/\(returning)/return" }

    /// The record to store for these tokens (the return token's hash only when `receives`).
    func handoff(
        session: CustomerSession, source: String, item: String, handler: String?, action: String?, custom: String?,
        launchOrigin: String?, receives: Bool, receivedTitle: String
    ) -> Handoff {
        Handoff(
            id: "hof_" + SecretHash.randomToken(byteCount: 12), imageTokenHash: SecretHash.sha256Hex(image),
            returnTokenHash: receives ? SecretHash.sha256Hex(returning) : nil, sessionID: session.id, customerKey: session.customerKey,
            sourceID: source, itemID: item, handlerID: handler, action: action, customID: custom, launchOrigin: launchOrigin,
            receivedTitle: receivedTitle, createdAt: createdAt, expiresAt: expiresAt)
    }
}
