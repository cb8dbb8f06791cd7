import AsyncHTTPClient
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import PhotoSourceService
import SampleSources
import Synchronization
import Testing

/// One customer's browser driving a device-flow sign-in to source `cloud`: its own session,
/// and a transcript of every response it saw (bodies and headers) for the no-secret checks.
final class DeviceCustomer: Sendable {
    let harness: ServiceHarness
    let token: String
    let sessionID: String
    private let seen = Mutex<[String]>([])

    /// Opens a session for a new customer.
    init(_ harness: ServiceHarness) async throws {
        self.harness = harness
        let session = try await harness.newSession()
        token = session.token
        sessionID = session.id
    }

    /// Runs the service with the library and a device-flow `cloud` source at `provider`, on
    /// `clock` (the wall clock unless a test brings its own).
    static func run(
        provider: URL, clock: @escaping @Sendable () -> Date = { Date() }, _ body: @Sendable (ServiceHarness) async throws -> Void
    ) async throws {
        try await ServiceHarness.run(sources: { root in
            let folder = try LocalFolderSource(root: root, id: "local:test", title: "Test Library")
            return [try ServiceSource.folder(folder, id: "library"), try ServiceSource.cloud(baseURL: provider, id: "cloud", signInFlow: .deviceCode)]
        }, clock: clock, body)
    }

    /// Everything seen so far, as text.
    var transcript: String { seen.withLock { $0.joined(separator: "\n") } }

    /// `POST /v1/sources/cloud/sign-in`, expecting 200.
    func start() async throws -> [String: Any] {
        let response = try await record(try await harness.client.execute(
            uri: "/v1/sources/cloud/sign-in", method: .post, headers: [.authorization: "Bearer \(token)"]))
        #expect(response.status == .ok)
        return try ServiceHarness.object(response)
    }

    /// `GET /v1/sources/cloud/sign-in`, expecting 200.
    func status() async throws -> [String: Any] {
        let response = try await get("/v1/sources/cloud/sign-in")
        #expect(response.status == .ok)
        return try ServiceHarness.object(response)
    }

    /// A GET with this customer's token.
    func get(_ uri: String) async throws -> TestResponse {
        try await record(try await harness.get(uri, token: token))
    }

    /// `DELETE /v1/sources/cloud/sign-in`.
    func delete() async throws -> TestResponse {
        try await record(try await harness.client.execute(
            uri: "/v1/sources/cloud/sign-in", method: .delete, headers: [.authorization: "Bearer \(token)"]))
    }

    /// `signedIn` of `cloud` in `GET /v1/sources`.
    func isSignedInPerSourceList() async throws -> Bool? {
        try ServiceHarness.array(try await get("/v1/sources")).first { $0["id"] as? String == "cloud" }?["signedIn"] as? Bool
    }

    /// Runs `body` with a second store on the service's database file (as another instance would).
    func withStore<T: Sendable>(_ body: (SQLiteServiceStore) async throws -> T) async throws -> T {
        try await ServiceStoreFile.with(library: harness.library, body)
    }

    /// This customer's device grant in the store, or `nil`.
    func storedGrant() async throws -> DeviceGrant? {
        try await withStore { [sessionID] in try await $0.deviceGrant(session: sessionID, source: "cloud") }
    }

    /// The device code in the store, unsealed with the harness's sealing key (the format of
    /// `AESGCMCredentialSealing`: a version byte, authenticated, then AES-GCM's combined box).
    func storedDeviceCode() async throws -> String {
        let sealed = try #require(try await storedGrant()).sealedDeviceCode
        let key = SymmetricKey(data: try #require(Data(base64Encoded: ServiceHarness.key(9))))
        let box = try AES.GCM.SealedBox(combined: sealed.dropFirst())
        return String(decoding: try AES.GCM.open(box, using: key, authenticating: sealed.prefix(1)), as: UTF8.self)
    }

    /// Approves or denies the sign-in on the demo cloud's approval page, as the customer would.
    static func decide(_ started: [String: Any], approve: Bool) async throws {
        let page = try #require(started["verificationURI"] as? String)
        let userCode = try #require(started["userCode"] as? String)
        var request = HTTPClientRequest(url: page)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "user_code=\(userCode)&decision=\(approve ? "approve" : "deny")"))
        let client = HTTPClient(configuration: .init(redirectConfiguration: .disallow))
        do {
            let response = try await client.execute(request, timeout: .seconds(10))
            #expect(response.status == .ok)
            try await client.shutdown()
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func record(_ response: TestResponse) async throws -> TestResponse {
        let text = response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n" + String(buffer: response.body)
        seen.withLock { $0.append(text) }
        return response
    }
}
