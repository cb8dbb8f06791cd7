import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import PhotoSourceService
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A phone on a flaky network: the connection breaks mid-PATCH, the upload continues from the
/// offset HEAD reports, and the photo ends up whole, in the Uploads source and in an order.
@Suite("Uploads: resuming and ordering")
struct UploadResumeTests {
    @Test("a PATCH whose connection drops keeps the bytes that arrived; HEAD reports them and the rest finishes the photo byte-identical")
    func resumeAfterDrop() async throws {
        try await ServiceHarness.withUploads { harness in
            let session = try await harness.newSession()
            let photo = try ServiceHarness.photo(width: 1200, height: 900)
            let path = try await harness.newUpload(length: photo.count, token: session.token)
            let half = photo.count / 2
            // When: the head promises the whole photo, half of it is sent, and the connection closes.
            let connection = try RawConnection(port: try #require(harness.client.port))
            connection.send(
                "PATCH \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(session.token)\r\nTus-Resumable: 1.0.0\r\n"
                    + "Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: \(photo.count)\r\n\r\n")
            let chunk = Array(photo[..<half])
            #expect(Glibc.send(connection.fd, chunk, chunk.count, Int32(MSG_NOSIGNAL)) == chunk.count)
            shutdown(connection.fd, Int32(SHUT_RDWR))
            // Then: once the server has seen the close, HEAD says how far it got (bounded wait, no timing asserted).
            var offset: Int?
            for _ in 0..<400 {
                offset = try await harness.offset(path, token: session.token)
                if offset == half { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            #expect(offset == half)
            let rest = try await harness.patch(path, offset: half, photo[half...], token: session.token)
            #expect(rest.status == .noContent, "\(String(buffer: rest.body))")
            #expect(rest.headers[.uploadOffset] == String(photo.count))
            let itemID = String(path.split(separator: "/").last!) + ".jpg"
            let item = try ServiceHarness.object(try await harness.get("/v1/sources/uploads/items/\(itemID)", token: session.token))
            let original = try await harness.get(try #require(item["originalURL"] as? String), token: nil)
            #expect(Array(original.body.readableBytesView) == photo)
        }
    }

    @Test("an order with an uploaded photo reaches the folder destination byte-identical, titled by its filename")
    func orderAnUpload() async throws {
        try await ServiceHarness.withUploads(orders: true) { harness in
            let session = try await harness.newSession()
            let photo = try ServiceHarness.photo(width: 1800, height: 1200)
            let path = try await harness.newUpload(length: photo.count, token: session.token, filename: "beach.jpg")
            #expect(try await harness.patch(path, offset: 0, photo, token: session.token).status == .noContent)
            let itemID = String(path.split(separator: "/").last!) + ".jpg"
            // When
            let response = try await harness.postOrder(
                ServiceHarness.orderBody([itemID], source: ServiceSource.uploadsID), token: session.token, key: UUID().uuidString)
            #expect(response.status == .created, "\(String(buffer: response.body))")
            let id = try #require(try ServiceHarness.object(response)["id"] as? String)
            let order = try await harness.waitForOrder(id, token: session.token)
            // Then
            #expect(order["status"] as? String == "delivered", "\(order)")
            let folder = harness.orderFolder.appendingPathComponent(id)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(files == ["001-beach.jpg", "manifest.json"])
            #expect(Array(try Data(contentsOf: folder.appendingPathComponent("001-beach.jpg"))) == photo)
        }
    }
}
