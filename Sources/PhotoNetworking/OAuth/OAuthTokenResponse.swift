import Foundation
import PhotoSourceKit

/// A successful token endpoint response (RFC 6749 §5.1).
struct OAuthTokenResponse: Sendable, Decodable {
    /// The bearer token.
    let accessToken: String
    /// `Bearer` (any other type cannot be sent by this SDK).
    let tokenType: String?
    /// Seconds until the access token expires.
    let expiresIn: Double?
    /// A new refresh token (a rotated one replaces the old).
    let refreshToken: String?
    /// The scopes granted.
    let scope: String?
    /// The account name, for providers that include one (not standard OAuth).
    let account: String?

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case scope
        case account
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
        // Some providers send expires_in as a string.
        if let number = try? container.decodeIfPresent(Double.self, forKey: .expiresIn) {
            expiresIn = number
        } else {
            expiresIn = (try? container.decodeIfPresent(String.self, forKey: .expiresIn)).flatMap { $0.flatMap(Double.init) }
        }
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        account = try? container.decodeIfPresent(String.self, forKey: .account)
    }

    /// Parses `body`, throwing `.invalidData` (without echoing the body, which may hold tokens)
    /// when it is not a usable bearer token response.
    static func parse(_ body: Data, from endpoint: String) throws -> OAuthTokenResponse {
        let response = try OAuthEndpointClient.decode(
            OAuthTokenResponse.self, from: body,
            failure: PhotoSourceError(
                .invalidData, "The token endpoint \(endpoint) sent a response that is not an OAuth token response.",
                detail: "\(body.count) bytes that do not parse as {\"access_token\": …}"))
        guard !response.accessToken.isEmpty else {
            throw PhotoSourceError(.invalidData, "The token endpoint \(endpoint) sent an empty access token.")
        }
        if let type = response.tokenType, type.lowercased() != "bearer" {
            let shown = SecretRedaction.clean(type, removing: [response.accessToken])
            throw PhotoSourceError(
                .invalidData, "The token endpoint \(endpoint) issued a \"\(shown)\" token; only Bearer tokens are supported.")
        }
        if let expiresIn = response.expiresIn, !(expiresIn.isFinite && expiresIn >= 0) {
            throw PhotoSourceError(.invalidData, "The token endpoint \(endpoint) sent an invalid expires_in.")
        }
        return response
    }

    /// Lifetimes beyond ten years are treated as ten years (a hostile value cannot overflow a date).
    static let longestLifetime: TimeInterval = 10 * 365 * 24 * 3600

    /// The credentials, with the expiry counted from `issuedAt` (the time the request was sent).
    func credentials(issuedAt: Date) -> Credentials {
        Credentials(
            accessToken: accessToken, refreshToken: refreshToken,
            expiresAt: expiresIn.map { issuedAt.addingTimeInterval(min($0, Self.longestLifetime)) }, account: account, scope: scope)
    }
}
