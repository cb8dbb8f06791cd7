import Foundation
import HTTPTypes
import Synchronization
import Testing
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import SampleSources

/// Drives the demo cloud's router in process (HummingbirdTesting's router client), with small content.
struct RouterCloud {
    /// RFC 7636 Appendix B: a verifier and its S256 challenge.
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    static let redirectURI = "http://127.0.0.1:4567/callback"

    /// Small albums (3, 5,000 and 0 photos) and small photo sizes, so originals render quickly.
    static func configuration(autoApprove: Bool = true, pollInterval: Int = 5) -> DemoCloud.Configuration {
        DemoCloud.Configuration(
            albums: [.init(title: "Trip", photoCount: 3), .init(title: "Camera Roll", photoCount: 5_000), .init(title: "Empty", photoCount: 0)],
            photoSizes: [PixelSize(width: 640, height: 480), PixelSize(width: 300, height: 400)],
            autoApprove: autoApprove, devicePollInterval: pollInterval)
    }

    let client: any TestClientProtocol
    let state: CloudState

    /// Runs `body` against a fresh router.
    static func run(
        _ configuration: DemoCloud.Configuration = RouterCloud.configuration(),
        _ body: @Sendable (RouterCloud) async throws -> Void
    ) async throws {
        let state = try CloudState(configuration: configuration, controls: CloudControls())
        let app = Application(router: DemoCloud.makeRouter(state: state))
        try await app.test(.router) { client in
            try await body(RouterCloud(client: client, state: state))
        }
    }

    /// GET with an optional bearer token and extra headers.
    func get(_ uri: String, token: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        if let token { fields[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: uri, method: .get, headers: fields)
    }

    /// POST a form.
    func post(_ uri: String, form: [(String, String)]) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: FormFields.encode(form)))
    }

    /// The authorize URL's query for the test client with the RFC 7636 challenge.
    static func authorizeQuery(state: String = "xyz", challenge: String? = RouterCloud.challenge, method: String = "S256",
                               redirectURI: String = RouterCloud.redirectURI) -> String {
        var fields = [("response_type", "code"), ("client_id", DemoCloud.defaultClientID), ("redirect_uri", redirectURI), ("state", state)]
        if let challenge { fields += [("code_challenge", challenge), ("code_challenge_method", method)] }
        return "/oauth/authorize?" + FormFields.encode(fields)
    }

    /// Gets an authorization code through the auto-approving authorize endpoint.
    func authorizationCode() async throws -> String {
        let response = try await get(Self.authorizeQuery())
        let location = try #require(response.headers[.location])
        return try #require(Self.queryValue("code", in: location))
    }

    /// Signs in with the authorization code grant and returns the tokens.
    func signIn() async throws -> TokenResponse {
        let code = try await authorizationCode()
        let response = try await post("/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirectURI),
            ("client_id", DemoCloud.defaultClientID), ("code_verifier", Self.verifier),
        ])
        #expect(response.status == .ok)
        return try Self.decode(TokenResponse.self, response)
    }

    /// Refreshes with `refreshToken`.
    func refresh(_ refreshToken: String) async throws -> TestResponse {
        try await post("/oauth/token", form: [
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", DemoCloud.defaultClientID),
        ])
    }

    /// Decodes a snake_case JSON body.
    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: Data(readableBytesOf: response.body))
    }

    /// The `error` field of an RFC 6749 error body.
    static func errorCode(_ response: TestResponse) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(readableBytesOf: response.body)) as? [String: Any]
        return object?["error"] as? String
    }

    /// The value of `name` in the query of `url`.
    static func queryValue(_ name: String, in url: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }
}

extension Data {
    /// The readable bytes of a buffer.
    init(readableBytesOf buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}
