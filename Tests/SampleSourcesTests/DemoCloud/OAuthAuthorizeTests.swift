import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: /oauth/authorize")
struct OAuthAuthorizeTests {
    @Test("auto-approve redirects straight to redirect_uri with a code and the state")
    func autoApprove() async throws {
        try await RouterCloud.run { cloud in
            let response = try await cloud.get(RouterCloud.authorizeQuery(state: "s-123"))
            #expect(response.status == .found)
            let location = try #require(response.headers[.location])
            #expect(location.hasPrefix(RouterCloud.redirectURI + "?"))
            #expect(RouterCloud.queryValue("state", in: location) == "s-123")
            #expect(RouterCloud.queryValue("code", in: location)?.isEmpty == false)
            #expect(cloud.state.controls.statistics.withLock { $0.count(.authorize) } == 1)
        }
    }

    @Test("without auto-approve an approval page is shown; its fields are escaped")
    func approvalPage() async throws {
        try await RouterCloud.run(RouterCloud.configuration(autoApprove: false)) { cloud in
            let response = try await cloud.get(RouterCloud.authorizeQuery(state: "\"><script>alert(1)</script>"))
            #expect(response.status == .ok)
            let page = String(buffer: response.body)
            #expect(page.contains("<form method=\"post\" action=\"/oauth/authorize\">"))
            #expect(page.contains("value=\"approve\">Approve</button>"))
            #expect(!page.contains("<script>"))
            #expect(page.contains("&quot;&gt;&lt;script&gt;"))
        }
    }

    @Test("posting Approve redirects with a code; Deny redirects with access_denied")
    func decisions() async throws {
        try await RouterCloud.run(RouterCloud.configuration(autoApprove: false)) { cloud in
            let fields = [
                ("response_type", "code"), ("client_id", DemoCloud.defaultClientID), ("redirect_uri", RouterCloud.redirectURI),
                ("state", "st"), ("code_challenge", RouterCloud.challenge), ("code_challenge_method", "S256"),
            ]
            let approved = try await cloud.post("/oauth/authorize", form: fields + [("decision", "approve")])
            let approvedLocation = try #require(approved.headers[.location])
            #expect(RouterCloud.queryValue("code", in: approvedLocation) != nil)
            #expect(RouterCloud.queryValue("state", in: approvedLocation) == "st")

            let denied = try await cloud.post("/oauth/authorize", form: fields + [("decision", "deny")])
            let deniedLocation = try #require(denied.headers[.location])
            #expect(RouterCloud.queryValue("error", in: deniedLocation) == "access_denied")
            #expect(RouterCloud.queryValue("code", in: deniedLocation) == nil)
        }
    }

    @Test("a redirect_uri that is not loopback http gets an error page, never a redirect", arguments: [
        "https://evil.example/callback", "http://evil.example/callback", "http://user@127.0.0.1/cb", "myapp://callback",
    ])
    func refusedRedirectURI(_ uri: String) async throws {
        try await RouterCloud.run { cloud in
            let response = try await cloud.get(RouterCloud.authorizeQuery(redirectURI: uri))
            #expect(response.status == .badRequest)
            #expect(response.headers[.location] == nil)
        }
    }

    @Test("missing PKCE or the plain method is refused through the redirect")
    func pkceRequired() async throws {
        try await RouterCloud.run { cloud in
            for query in [RouterCloud.authorizeQuery(challenge: nil), RouterCloud.authorizeQuery(method: "plain")] {
                let response = try await cloud.get(query)
                let location = try #require(response.headers[.location])
                #expect(RouterCloud.queryValue("error", in: location) == "invalid_request")
                #expect(RouterCloud.queryValue("code", in: location) == nil)
            }
        }
    }

    @Test("an unknown client_id gets an error page")
    func unknownClient() async throws {
        try await RouterCloud.run { cloud in
            let query = RouterCloud.authorizeQuery().replacingOccurrences(of: DemoCloud.defaultClientID, with: "someone-else")
            let response = try await cloud.get(query)
            #expect(response.status == .badRequest)
            #expect(response.headers[.location] == nil)
        }
    }
}
