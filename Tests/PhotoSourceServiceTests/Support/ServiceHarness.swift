import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceService
import SampleSources
import Testing

/// Runs the real service on 127.0.0.1 (an ephemeral port, a pooled AsyncHTTPClient through HummingbirdTesting) over a
/// fresh ``TestLibrary`` and state folder, and hands the test a client plus helpers.
struct ServiceHarness: Sendable {
    /// The shop's API key every harness accepts.
    static let apiKey = "psk_test_key_0123456789"

    let client: any TestClientProtocol
    let library: URL
    let logs: LogCapture

    /// A base64 key of 32 bytes, fixed per index so rotation tests can name them.
    static func key(_ index: UInt8) -> String { Data(repeating: index, count: 32).base64EncodedString() }

    /// The configuration the harness starts from (`configure` may change it).
    static func configuration(state: URL) -> ServiceConfiguration {
        ServiceConfiguration(
            host: "127.0.0.1", port: 0, sources: [], apiKeyHashes: ["sha256:" + sha256Hex(apiKey)],
            signingKeys: [key(1)], sealingKey: key(9), allowedOrigins: ["https://shop.example"],
            stateDirectory: state.path)
    }

    /// Runs `body` against a live server.
    static func run(
        configure: (inout ServiceConfiguration) -> Void = { _ in },
        sources: ((URL) throws -> [ServiceSource])? = nil,
        thumbnails: ThumbnailCache? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        arguments adjust: (inout ServiceArguments) -> Void = { _ in },
        _ body: @Sendable (ServiceHarness) async throws -> Void
    ) async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        var configuration = Self.configuration(state: library.stateFolder)
        configure(&configuration)
        let folder = try LocalFolderSource(root: library.root, id: "local:test", title: "Test Library")
        let entries = try sources?(library.root) ?? [ServiceSource.folder(folder, id: "library")]
        let logs = LogCapture()
        var arguments = ServiceArguments(
            configuration: configuration, catalog: SourceCatalog(entries), thumbnails: thumbnails, logger: logs.logger, clock: clock)
        adjust(&arguments)
        let app = try await buildApplication(arguments)
        try await app.test(.ahc(.http)) { client in
            try await body(ServiceHarness(client: client, library: library.root, logs: logs))
        }
    }

    /// `POST /v1/sessions` with the API key; returns the session token and id.
    func newSession() async throws -> (token: String, id: String) {
        let response = try await client.execute(uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(Self.apiKey)"])
        #expect(response.status == .created)
        let json = try Self.object(response)
        return (try #require(json["token"] as? String), try #require(json["id"] as? String))
    }

    /// A GET with the customer token.
    func get(_ uri: String, token: String?, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.execute(uri: uri, method: .get, headers: headers)
    }

    /// The JSON object of a response body.
    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    /// The JSON array of a response body.
    static func array(_ response: TestResponse) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]])
    }

    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// The signed thumbnail URL of `itemID` listed in `scope` for `token`.
    func thumbnailURL(of itemID: String, scope: String, token: String) async throws -> String {
        let response = try await get("/v1/sources/library/items?scope=\(scope)", token: token)
        let items = try #require(try Self.object(response)["items"] as? [[String: Any]])
        let item = try #require(items.first { $0["id"] as? String == itemID })
        return try #require(item["thumbnailURL"] as? String)
    }

    /// The signed original URL of `itemID` for `token`.
    func originalURL(of itemID: String, token: String) async throws -> String {
        let encoded = itemID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? itemID
        let response = try await get("/v1/sources/library/items/\(encoded)", token: token)
        #expect(response.status == .ok)
        return try #require(try Self.object(response)["originalURL"] as? String)
    }
}

extension Data {
    init(buffer: ByteBuffer) { self.init(buffer.readableBytesView) }
}
