import Foundation
import PhotoSourceKit

/// An OAuth 2 error (`{"error": "invalid_grant", "error_description": "…"}` from the token
/// endpoint, or `?error=…` on the redirect), turned into a ``PhotoSourceError`` that never
/// carries a secret.
struct OAuthErrorResponse: Sendable, Equatable, Decodable {
    /// The error code, such as `invalid_grant`, `authorization_pending` or `slow_down`.
    let error: String
    /// The provider's free-text explanation, if any (untrusted: it may echo what we sent).
    let description: String?

    private enum CodingKeys: String, CodingKey {
        case error
        case description = "error_description"
    }

    /// Creates an error response.
    init(error: String, description: String?) {
        self.error = error
        self.description = description
    }

    /// Parses a JSON error body; `nil` when the body is not one.
    init?(body: Data) {
        guard let parsed = try? JSONDecoder().decode(OAuthErrorResponse.self, from: body) else { return nil }
        self = parsed
    }

    /// The error code when it is made of the characters OAuth codes use, else `"unrecognised"`,
    /// so a hostile server cannot inject text (or a token) through it.
    var safeCode: String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_-.")
        return error.count <= 64 && !error.isEmpty && error.allSatisfy(allowed.contains) ? error : "unrecognised"
    }

    /// The matching ``PhotoSourceError``: `invalid_grant` and `access_denied` mean the person has to
    /// sign in again (`.invalidCredentials`); everything else is `.authentication`. The provider's
    /// description goes into `detail` with `secrets` and anything token-like removed.
    func photoSourceError(context: String, secrets: [String]) -> PhotoSourceError {
        let detail = description.map { SecretRedaction.clean($0, removing: secrets) }
        let code = safeCode
        switch code {
        case "invalid_grant":
            return PhotoSourceError(
                .invalidCredentials, "\(context): the sign-in is no longer valid (invalid_grant); sign in again.",
                detail: detail)
        case "access_denied":
            return PhotoSourceError(
                .invalidCredentials, "\(context): access was denied (access_denied); sign in again and approve the request.",
                detail: detail)
        case "expired_token":
            return PhotoSourceError(
                .authentication, "\(context): the sign-in code expired (expired_token); start signing in again.",
                detail: detail)
        case "invalid_client", "unauthorized_client":
            return PhotoSourceError(
                .authentication, "\(context): the provider does not accept this app's client id (\(code)); check the source's OAuth settings.",
                detail: detail)
        default:
            return PhotoSourceError(.authentication, "\(context): the provider refused (\(code)).", detail: detail)
        }
    }
}
