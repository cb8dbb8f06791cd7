import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("Authorization code flow with PKCE")
struct AuthorizationCodeFlowTests {
    /// Begins a sign-in against `server` and returns the flow, the challenge and its URL and state.
    private func begin(
        on server: TestTokenServer
    ) async throws -> (flow: OAuthAuthorizationCodeFlow, challenge: AuthChallenge, url: URL, state: String) {
        let flow = try OAuthAuthorizationCodeFlow(configuration: server.configuration())
        let challenge = try await flow.begin()
        guard case .browser(let url, let state) = challenge else {
            throw PhotoSourceError(.invalidData, "expected a browser challenge")
        }
        return (flow, challenge, url, state)
    }

    @Test("full sign-in: the browser is approved, redirected to the listener, and the code is exchanged")
    func fullSignIn() async throws {
        try await TestTokenServer.with { server in
            let flow = try OAuthAuthorizationCodeFlow(configuration: server.configuration())
            let session = AuthSession(sourceID: "cloud", store: InMemoryCredentialStore(), flow: flow)
            let challenge = try await session.beginSignIn()
            guard case .browser(let url, _) = challenge else {
                Issue.record("expected a browser challenge")
                return
            }
            // When
            async let signedIn: Void = session.completeSignIn(challenge)
            let page = try await TestBrowser.approve(url)
            try await signedIn
            // Then
            #expect(page.status == 200)
            #expect(String(decoding: page.body, as: UTF8.self).contains("You can close this window"))
            #expect(await session.state == .signedIn)
            #expect(await session.account == "tester")
            let credentials = try await session.validCredentials()
            #expect(credentials.accessToken.hasPrefix("access-"))
            #expect(credentials.refreshToken != nil)
            let form = try #require(server.ledger.withLock { $0.forms.last })
            #expect(form["grant_type"] == "authorization_code")
            #expect(form["code_verifier"].map { (43...128).contains($0.count) } == true)
        }
    }

    @Test("a pasted redirect URL completes the sign-in without the listener")
    func pastedRedirect() async throws {
        try await TestTokenServer.with { server in
            let (flow, challenge, url, state) = try await begin(on: server)
            // The person copies the redirect target from the address bar instead of loading it.
            let query = TestTokenEndpoints.fields(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? "")
            let location = try #require(TestTokenEndpoints.approvalRedirect(for: query, ledger: server.ledger))
            #expect(location.contains("state=\(state)"))
            let credentials = try await flow.complete(challenge, callback: URL(string: location))
            #expect(credentials.accessToken.hasPrefix("access-"))
            #expect(server.tokenRequests == 1)
        }
    }

    @Test("a redirect with the wrong state gets a 400 page, throws .authentication and exchanges nothing")
    func stateMismatch() async throws {
        try await TestTokenServer.with { server in
            let (flow, challenge, url, _) = try await begin(on: server)
            let listener = try TestBrowser.redirectURI(in: url)
            let completion = Task { try await flow.complete(challenge, callback: nil) }
            let forged = try #require(URL(string: listener.absoluteString + "?code=stolen&state=forged"))
            let page = try await TestBrowser.open(forged, trusting: [])
            #expect(page.status == 400)
            #expect(String(decoding: page.body, as: UTF8.self).contains("state does not match"))
            let error = await #expect(throws: PhotoSourceError.self) { try await completion.value }
            #expect(error?.code == .authentication)
            #expect(server.tokenRequests == 0)
        }
    }

    @Test("a pasted URL with the wrong state is refused, and the sign-in cannot be completed twice")
    func pastedMismatchAndReuse() async throws {
        try await TestTokenServer.with { server in
            let (flow, challenge, _, _) = try await begin(on: server)
            let forged = URL(string: "http://127.0.0.1:1/callback?code=x&state=forged")
            let first = await #expect(throws: PhotoSourceError.self) { try await flow.complete(challenge, callback: forged) }
            #expect(first?.code == .authentication)
            let second = await #expect(throws: PhotoSourceError.self) { try await flow.complete(challenge, callback: forged) }
            #expect(second?.message.contains("start signing in again") == true)
            #expect(server.tokenRequests == 0)
        }
    }
}
