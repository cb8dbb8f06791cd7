public import Foundation
public import PhotoSourceKit

/// Sends requests with an ``PhotoSourceKit/AuthSession``'s bearer token and handles a rejected token:
/// on HTTP 401 it asks the session for new credentials once (one refresh shared by all
/// concurrent callers) and retries once. A second 401 marks the session "needs sign-in".
///
/// Without a session, requests go out unchanged. The client itself knows nothing of sessions;
/// remote sources reuse this type for their API calls.
public struct AuthorizedRequester: Sendable {
    /// The client that sends the requests.
    public let client: HTTPClient
    /// The session whose token is added, if any.
    public let session: AuthSession?

    /// Creates a requester.
    public init(client: HTTPClient = .shared, session: AuthSession?) {
        self.client = client
        self.session = session
    }

    /// Sends `request` with the bearer token (see ``HTTPClient/send(_:)``).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await authorized(request) { try await client.send($0) }
    }

    /// Downloads with the bearer token (see ``HTTPClient/download(_:to:progress:)``).
    public func download(
        _ request: HTTPRequest, to file: URL,
        progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)? = nil
    ) async throws -> HTTPResponse {
        try await authorized(request) { try await client.download($0, to: file, progress: progress) }
    }

    private func authorized(
        _ request: HTTPRequest, _ perform: (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard let session else { return try await perform(request) }
        let token = try await session.validCredentials().accessToken
        do {
            return try await perform(Self.bearer(request, token))
        } catch let error as PhotoSourceError where Self.isUnauthorized(error) {
            let fresh = try await session.credentialsAfterRejection(of: token).accessToken
            do {
                return try await perform(Self.bearer(request, fresh))
            } catch let error as PhotoSourceError where Self.isUnauthorized(error) {
                let reason = "\(request.url.redactedDescription) still refused the credentials after they were renewed."
                await session.markNeedsSignIn(reason: reason)
                throw PhotoSourceError(.notLoggedIn, "\(reason) Sign in to \(session.sourceID) again.", underlying: error)
            }
        }
    }

    private static func bearer(_ request: HTTPRequest, _ token: String) -> HTTPRequest {
        var request = request
        request.setHeader("Authorization", "Bearer \(token)")
        return request
    }

    private static func isUnauthorized(_ error: PhotoSourceError) -> Bool {
        (error.underlying as? HTTPStatusError)?.response.status == 401
    }
}
