import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("OAuth configuration")
struct OAuthConfigurationTests {
    private func configuration(token: String, trusting origins: [String] = []) throws -> OAuthConfiguration {
        try OAuthConfiguration(
            authorizationEndpoint: URL(string: "https://photos.example/authorize?prompt=consent")!,
            tokenEndpoint: URL(string: token)!, clientID: "app", scopes: ["photos.read", "profile"],
            addressPolicy: .trusting(origins: origins))
    }

    @Test("a plain-http token endpoint is refused unless its origin is trusted (no request is made)")
    func httpTokenEndpoint() throws {
        let error = #expect(throws: PhotoSourceError.self) {
            try OAuthAuthorizationCodeFlow(configuration: configuration(token: "http://photos.example/token"))
        }
        #expect(error?.code == .invalidData)
        #expect(error?.message.contains("https") == true)
        _ = try OAuthAuthorizationCodeFlow(
            configuration: configuration(token: "http://127.0.0.1:9/token", trusting: ["http://127.0.0.1:9"]))
    }

    @Test("the device flow needs a device authorization endpoint")
    func deviceFlowNeedsEndpoint() {
        let error = #expect(throws: PhotoSourceError.self) {
            try OAuthDeviceFlow(configuration: configuration(token: "https://photos.example/token"))
        }
        #expect(error?.code == .invalidData)
    }

    @Test("the authorization URL keeps the endpoint's query and adds the OAuth and PKCE parameters")
    func authorizationURL() throws {
        let flow = try OAuthAuthorizationCodeFlow(configuration: configuration(token: "https://photos.example/token"))
        let pkce = PKCE()
        let url = try flow.authorizationURL(
            state: "st", pkce: pkce, redirectURI: URL(string: "http://127.0.0.1:4321/callback")!)
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        let query = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        #expect(query["prompt"] == "consent")
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "app")
        #expect(query["redirect_uri"] == "http://127.0.0.1:4321/callback")
        #expect(query["scope"] == "photos.read profile")
        #expect(query["state"] == "st")
        #expect(query["code_challenge"] == pkce.challenge)
        #expect(query["code_challenge_method"] == "S256")
        #expect(!url.absoluteString.contains(pkce.verifier))
    }
}
