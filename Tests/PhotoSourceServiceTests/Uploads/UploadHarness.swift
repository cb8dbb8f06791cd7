import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
@testable import PhotoSourceService
import SampleSources
import Testing

/// tus calls on a ``ServiceHarness`` whose catalog has the test library and the "Uploads" source.
extension ServiceHarness {
    /// Runs `body` against a live server with uploads limited by `settings` (and orders to a folder
    /// when `orders`, then `configure`'s changes).
    static func withUploads(
        _ settings: UploadSettings = UploadSettings(), orders: Bool = false, configure: (inout ServiceConfiguration) -> Void = { _ in },
        _ body: @Sendable (ServiceHarness) async throws -> Void
    ) async throws {
        try await run(
            configure: { configuration in
                configuration.uploads = settings
                if orders { orderConfiguration(&configuration) }
                configure(&configuration)
            },
            sources: { root in
                let state = root.deletingLastPathComponent().appendingPathComponent("state", isDirectory: true)
                return try [
                    .folder(try LocalFolderSource(root: root, id: "local:test", title: "Test Library"), id: "library"),
                    .uploads(UploadStore(root: state.appendingPathComponent("uploads", isDirectory: true), settings: settings)),
                ]
            },
            body)
    }

    /// `POST /v1/uploads` for `length` bytes; returns the response.
    func createUpload(length: Int, token: String, filename: String? = "day.jpg") async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)", .tusResumable: "1.0.0", .uploadLength: String(length)]
        if let filename { headers[.uploadMetadata] = "filename " + Data(filename.utf8).base64EncodedString() + ",filetype aW1hZ2UvanBlZw==" }
        return try await client.execute(uri: "/v1/uploads", method: .post, headers: headers)
    }

    /// Creates an upload (expecting 201) and returns its path (`/v1/uploads/ID`).
    func newUpload(length: Int, token: String, filename: String? = "day.jpg") async throws -> String {
        let response = try await createUpload(length: length, token: token, filename: filename)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try #require(response.headers[.location])
    }

    /// `PATCH` of `bytes` at `offset`.
    func patch(_ path: String, offset: Int, _ bytes: some Collection<UInt8>, token: String) async throws -> TestResponse {
        try await client.execute(
            uri: path, method: .patch,
            headers: [
                .authorization: "Bearer \(token)", .tusResumable: "1.0.0", .uploadOffset: String(offset),
                .contentType: "application/offset+octet-stream",
            ],
            body: ByteBuffer(bytes: Array(bytes)))
    }

    /// `HEAD` of an upload.
    func head(_ path: String, token: String) async throws -> TestResponse {
        try await client.execute(uri: path, method: .head, headers: [.authorization: "Bearer \(token)", .tusResumable: "1.0.0"])
    }

    /// `DELETE` of an upload.
    func terminate(_ path: String, token: String) async throws -> TestResponse {
        try await client.execute(uri: path, method: .delete, headers: [.authorization: "Bearer \(token)", .tusResumable: "1.0.0"])
    }

    /// The `Upload-Offset` a HEAD reports, `nil` when it is not 200.
    func offset(_ path: String, token: String) async throws -> Int? {
        let response = try await head(path, token: token)
        return response.status == .ok ? response.headers[.uploadOffset].flatMap(Int.init) : nil
    }

    /// A decodable JPEG of `width`×`height`.
    static func photo(width: Int = 640, height: Int = 480) throws -> [UInt8] {
        [UInt8](try ImageEncoder.jpeg(TestLibrary.gradient(width: width, height: height)))
    }

    /// The problem body's `detail` of a response.
    static func detail(_ response: TestResponse) throws -> String {
        try #require(try object(response)["detail"] as? String)
    }
}
