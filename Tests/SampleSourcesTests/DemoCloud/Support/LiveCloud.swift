import Foundation
import HTTPTypes
import Synchronization
import Testing
import HummingbirdTesting
import NIOCore
import PhotoNetworking
@testable import SampleSources

/// A real demo cloud on 127.0.0.1 (ephemeral port) and HummingbirdTesting's socket client.
struct LiveCloud {
    let cloud: DemoCloud
    let url: URL

    /// Starts a cloud, runs `body`, and stops the cloud whatever happens.
    static func run(
        _ configuration: DemoCloud.Configuration = RouterCloud.configuration(),
        _ body: @Sendable (LiveCloud) async throws -> Void
    ) async throws {
        let cloud = DemoCloud()
        let url = try await cloud.start(configuration: configuration)
        do {
            try await body(LiveCloud(cloud: cloud, url: url))
        } catch {
            await cloud.stop()
            throw error
        }
        await cloud.stop()
    }

    /// Opens a client connection, runs `body`, and closes it.
    func withClient<T: Sendable>(timeout: Duration = .seconds(20), _ body: (TestClient) async throws -> T) async throws -> T {
        let client = TestClient(host: "127.0.0.1", port: url.port!, configuration: .init(timeout: timeout))
        client.connect()
        do {
            let value = try await body(client)
            try? await client.shutdown()
            return value
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// GET `path` on a fresh connection.
    func get(_ path: String, token: String? = nil, timeout: Duration = .seconds(20)) async throws -> TestClient.Response {
        try await withClient(timeout: timeout) { client in
            var headers: HTTPFields = [:]
            if let token { headers[.authorization] = "Bearer \(token)" }
            return try await client.get(path, headers: headers)
        }
    }

    /// GET `path` with PhotoNetworking's client, which gives up after `deadline` (HummingbirdTesting's
    /// client cannot: it waits for the response even after its timeout).
    func fetch(_ path: String, token: String, deadline: Duration) async throws -> PhotoNetworking.HTTPResponse {
        var options = HTTPOptions(totalTimeout: deadline, addressPolicy: try .trusting(origins: [url.absoluteString]), retry: .none)
        options.connectTimeout = deadline
        let request = PhotoNetworking.HTTPRequest(url: URL(string: url.absoluteString + path)!, headers: ["Authorization": "Bearer \(token)"], options: options)
        return try await HTTPClient.shared.send(request)
    }

    /// Signs in through the auto-approving authorize endpoint and the token endpoint.
    func signIn() async throws -> TokenResponse {
        let authorize = try await get(RouterCloud.authorizeQuery())
        let location = try #require(authorize.headers[.location])
        let code = try #require(RouterCloud.queryValue("code", in: location))
        let form = FormFields.encode([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", RouterCloud.redirectURI),
            ("client_id", DemoCloud.defaultClientID), ("code_verifier", RouterCloud.verifier),
        ])
        let response = try await withClient { client in
            try await client.post(
                "/oauth/token", headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: form))
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(TokenResponse.self, from: Data(readableBytesOf: try #require(response.body)))
    }
}
