import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import Testing

@Suite("The sign-in callback answers a browser with a page back to the picker")
struct SignInCallbackPageTests {
    static let browser: HTTPFields = [.accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]

    @Test("a browser gets a page that returns it to the picker, under the picker's CSP; the session is signed in")
    func signedInPage() async throws {
        try await SignInTests.withCloud { harness, _ in
            let session = try await harness.newSession()
            let callback = try await SignInTests().signIn(harness, token: session.token)
            // When
            let page = try await harness.get(callback, token: nil, headers: Self.browser)
            // Then
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && policy.contains("frame-ancestors 'none'"))
            let html = String(buffer: page.body)
            #expect(html.contains(#"data-outcome="signed-in""#) && html.contains(#"data-source="cloud""#))
            #expect(html.contains(#"href="/picker/?resume=cloud""#))
            // Its script is one of the picker's hashed files.
            let script = try #require(html.components(separatedBy: #"<script type="module" src=""#).dropFirst().first?.split(separator: "\"").first)
            #expect(script.hasPrefix("/picker/callback.") && script.split(separator: ".").count == 3)
            #expect(try await harness.get(String(script), token: nil).status == .ok)
            let sources = try ServiceHarness.array(try await harness.get("/v1/sources", token: session.token))
            #expect(sources.first { $0["id"] as? String == "cloud" }?["signedIn"] as? Bool == true)
        }
    }

    @Test("a used state shows the customer why, in a page with the problem's status, and signs nobody in")
    func failedPage() async throws {
        try await SignInTests.withCloud { harness, _ in
            let session = try await harness.newSession()
            let callback = try await SignInTests().signIn(harness, token: session.token)
            #expect(try await harness.get(callback, token: nil).status == .ok)  // JSON for API clients, as before
            // When: the same link again, from a browser
            let again = try await harness.get(callback, token: nil, headers: Self.browser)
            // Then
            #expect(again.status == .badRequest)
            let html = String(buffer: again.body)
            #expect(html.contains(#"data-outcome="failed""#))
            #expect(html.contains("start the sign-in again"))
        }
    }

    @Test("an API client that asks for JSON keeps the JSON answer")
    func jsonClients() async throws {
        try await SignInTests.withCloud { harness, _ in
            let session = try await harness.newSession()
            let callback = try await SignInTests().signIn(harness, token: session.token)
            let response = try await harness.get(callback, token: nil, headers: [.accept: "application/json"])
            #expect(response.headers[.contentType] == "application/json")
            #expect(try ServiceHarness.object(response)["signedIn"] as? Bool == true)
        }
    }
}
