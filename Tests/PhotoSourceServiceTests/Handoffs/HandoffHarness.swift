import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
@testable import PhotoSourceService
import SampleSources
import Testing

/// Hand-off calls on a ``ServiceHarness`` whose catalog has the test library and "Received", and
/// whose handler catalog has a test editor that can send photos back and a viewer that cannot.
/// Nothing is ever sent to the handlers' addresses: tests act as the handler themselves.
extension ServiceHarness {
    /// The test editor's launch origin (never contacted).
    static let editorOrigin = "http://127.0.0.1:9"

    /// A handler that can send the photo back (`canReceive`).
    static let testEditor = CatalogHandler(
        id: "test.editor", name: LocalizedText("Test editor"), canReceive: true,
        actions: ["edit": HandlerAction(url: editorOrigin + "/edit?image={{imageURL}}&return={{returnURL}}", required: ["imageURL"], optional: ["returnURL"])])

    /// A handler that cannot.
    static let testViewer = CatalogHandler(
        id: "test.viewer", name: LocalizedText("Test viewer"),
        actions: ["view": HandlerAction(url: "https://viewer.example/open#{{{imageURL}}}", required: ["imageURL"])])

    /// Runs `body` against a live service with hand-offs set up (`configure` may change more,
    /// `arguments` the build's arguments, such as `startsDemoEditor`).
    static func withHandoffs(
        configure: @escaping (inout ServiceConfiguration) -> Void = { _ in },
        clock: @escaping @Sendable () -> Date = { Date() },
        arguments adjust: (inout ServiceArguments) -> Void = { _ in },
        _ body: @Sendable (ServiceHarness) async throws -> Void
    ) async throws {
        try await run(
            configure: { configuration in
                configuration.catalog = CatalogSettings(handlers: [testEditor, testViewer], development: true)
                orderConfiguration(&configuration)
                configure(&configuration)
            },
            sources: { root in
                let state = root.deletingLastPathComponent().appendingPathComponent("state", isDirectory: true)
                return try [
                    .folder(try LocalFolderSource(root: root, id: "local:test", title: "Test Library"), id: "library"),
                    .received(ReceivedPhotos(root: state.appendingPathComponent("received", isDirectory: true), maximumBytes: HandoffSettings().returnMaximumBytes)),
                ]
            },
            clock: clock, arguments: adjust, body)
    }

    /// `POST /v1/sessions` for the shop's customer `customer`; returns the token.
    func customerSession(_ customer: String) async throws -> String {
        let response = try await client.execute(
            uri: "/v1/sessions", method: .post,
            headers: [.authorization: "Bearer \(Self.apiKey)", .contentType: "application/json"],
            body: ByteBuffer(string: #"{"customer": "\#(customer)"}"#))
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(try Self.object(response)["token"] as? String)
    }

    /// `POST /v1/handoffs` with `body`.
    func postHandoff(_ body: String, token: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/v1/handoffs", method: .post, headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
            body: ByteBuffer(string: body))
    }

    /// Sends `itemID` of `source` to `handler`'s `action`, expecting 201; returns the answer.
    func send(
        _ itemID: String, source: String = "library", handler: String = "test.editor", action: String = "edit", token: String
    ) async throws -> [String: Any] {
        let response = try await postHandoff(
            #"{"source": "\#(source)", "itemId": "\#(itemID)", "handler": "\#(handler)", "action": "\#(action)"}"#, token: token)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try Self.object(response)
    }

    /// The path (and query) of an absolute URL the service made, for the test client.
    static func path(_ url: Any?) throws -> String {
        let text = try #require(url as? String)
        let components = try #require(URLComponents(string: text))
        return components.percentEncodedPath
    }

    /// `GET` of a one-time URL, without authentication.
    func fetch(_ url: Any?, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: try Self.path(url), method: .get, headers: headers)
    }

    /// `POST` of `bytes` to a return URL as `contentType`.
    func sendBack(_ url: Any?, _ bytes: some Collection<UInt8>, contentType: String = "image/jpeg", headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = contentType
        return try await client.execute(uri: try Self.path(url), method: .post, headers: headers, body: ByteBuffer(bytes: Array(bytes)))
    }

    /// Runs `body` on a second store opened on the service's own SQLite file (to read what it wrote).
    func withStoreFile<T: Sendable>(_ body: (SQLServiceStore) async throws -> T) async throws -> T {
        try await ServiceStoreFile.with(library: library, body)
    }

    /// The problem `code` of a response.
    static func code(_ response: TestResponse) throws -> String? {
        try object(response)["code"] as? String
    }

    /// The ids and titles of the "Received" photos `token`'s customer sees, newest first.
    func received(token: String) async throws -> [(id: String, title: String)] {
        let response = try await get("/v1/sources/received/items", token: token)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        let items = try #require(try Self.object(response)["items"] as? [[String: Any]])
        return items.map { ($0["id"] as? String ?? "", $0["title"] as? String ?? "") }
    }
}
