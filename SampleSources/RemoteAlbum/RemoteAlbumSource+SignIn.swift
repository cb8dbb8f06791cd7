import Foundation
import PhotoNetworking
public import PhotoSourceKit

extension RemoteAlbumSource {
    /// Signs in and stores the credentials.
    ///
    /// Starts the flow, hands the challenge to `present` (open the URL in a browser, or show the
    /// code and the link), then waits until the sign-in is done. With ``autoApprove`` the source
    /// plays the person itself: it opens the authorization URL (the demo cloud redirects to the
    /// loopback listener at once) or the device approval link.
    public func signIn(present: @Sendable (AuthChallenge) async throws -> Void = { _ in }) async throws {
        let challenge = try await authSession.beginSignIn()
        try await present(challenge)
        guard autoApprove else {
            try await authSession.completeSignIn(challenge)
            return
        }
        switch challenge {
        case .browser(let url, _):
            let session = authSession
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await session.completeSignIn(challenge) }
                group.addTask { try await visitAuthorization(url) }
                for try await _ in group {}  // the first failure cancels the other task
            }
        case .deviceCode(let userCode, let verificationURL, _, _):
            var components = URLComponents(url: verificationURL, resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "user_code", value: userCode)]
            guard let approval = components?.url else {
                throw PhotoSourceError(.invalidData, "The cloud's verification link \(verificationURL) is not usable.")
            }
            try await visit(approval, policy: options.addressPolicy)
            try await authSession.completeSignIn(challenge)
        }
    }

    /// Opens the authorization URL like a browser: the cloud redirects to our loopback listener,
    /// whose origin is trusted for this one request only.
    private func visitAuthorization(_ url: URL) async throws {
        let redirect = URLComponents(url: url, resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == "redirect_uri" }?.value.flatMap(URL.init(string:))
        guard let redirect, redirect.host == "127.0.0.1" else {
            throw PhotoSourceError(.invalidData, "The authorization URL has no loopback redirect, so it cannot be approved automatically.")
        }
        try await visit(url, policy: options.addressPolicy.allowing(origins: [Self.origin(of: redirect)]))
    }

    private func visit(_ url: URL, policy: AddressPolicy) async throws {
        var visitOptions = options
        visitOptions.addressPolicy = policy
        visitOptions.retry = .none
        _ = try await client.send(HTTPRequest(url: url, headers: ["Accept": "text/html"], options: visitOptions))
    }
}
