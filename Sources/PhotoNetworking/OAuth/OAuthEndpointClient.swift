import Foundation
import PhotoSourceKit

/// Posts OAuth forms to the token and device authorization endpoints over the shared
/// ``HTTPClient`` and sorts the replies into successes and OAuth errors. Shared by both flows.
struct OAuthEndpointClient: Sendable {
    /// What an endpoint answered.
    enum Reply: Sendable {
        /// A 2xx body that is not an OAuth error.
        case success(Data, sentAt: Date)
        /// An OAuth error (`{"error": …}`), whatever the status.
        case oauthError(OAuthErrorResponse)
    }

    let configuration: OAuthConfiguration
    let client: HTTPClient
    let now: @Sendable () -> Date

    /// Posts `form` to `endpoint`. Transport failures and non-OAuth error statuses throw
    /// ``PhotoSourceError`` prefixed with `context`; the texts never include the form.
    func post(_ form: FormBody, to endpoint: URL, context: String) async throws -> Reply {
        let request = HTTPRequest(
            url: endpoint, method: "POST",
            headers: ["Content-Type": FormBody.contentType, "Accept": "application/json"],
            body: form.encoded, options: configuration.httpOptions)
        let sentAt = now()
        do {
            let response = try await client.send(request)
            if let error = OAuthErrorResponse(body: response.body) { return .oauthError(error) }
            return .success(response.body, sentAt: sentAt)
        } catch let error as PhotoSourceError {
            if let status = error.underlying as? HTTPStatusError,
                let oauthError = OAuthErrorResponse(body: status.response.body)
            {
                return .oauthError(oauthError)
            }
            throw PhotoSourceError(error.code, "\(context): \(error.message)", detail: error.detail, underlying: error)
        }
    }

    /// Posts a token request and returns the credentials; any OAuth error is thrown
    /// (see ``OAuthErrorResponse/photoSourceError(context:secrets:)``).
    func requestToken(_ form: FormBody, context: String) async throws -> Credentials {
        switch try await post(form, to: configuration.tokenEndpoint, context: context) {
        case .success(let body, let sentAt):
            return try Self.credentials(from: body, sentAt: sentAt, endpoint: configuration.tokenEndpoint)
        case .oauthError(let error):
            throw error.photoSourceError(context: context, secrets: form.fields.map(\.value))
        }
    }

    /// Decodes an endpoint's JSON answer, throwing `failure` (which must not quote the body:
    /// it holds secrets) when it does not decode.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, failure: @autoclosure () -> PhotoSourceError) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw failure()
        }
    }

    /// Parses a token response body into credentials whose expiry counts from `sentAt`.
    static func credentials(from body: Data, sentAt: Date, endpoint: URL) throws -> Credentials {
        try OAuthTokenResponse.parse(body, from: endpoint.redactedDescription).credentials(issuedAt: sentAt)
    }

    /// `grant_type=refresh_token`. A grant the provider no longer knows throws
    /// `.invalidCredentials`; a response without a refresh token keeps the old one (the session
    /// fills it in).
    func refresh(_ credentials: Credentials) async throws -> Credentials {
        guard let refreshToken = credentials.refreshToken else {
            throw PhotoSourceError(.invalidCredentials, "The sign-in has no refresh token; sign in again.")
        }
        let form = FormBody([
            "grant_type": "refresh_token", "refresh_token": refreshToken, "client_id": configuration.clientID,
        ])
        return try await requestToken(form, context: "Refreshing the sign-in failed")
    }
}
