import Crypto
import Foundation
import Hummingbird
import NIOCore
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// `HTTPRequest.bodyStream`: memory and file parts arrive in order, byte for byte, with a
/// `Content-Length`; a file that changed size is refused instead of sending a wrong body.
@Suite("HTTPClient streamed request bodies")
struct StreamedUploadTests {
    let client = HTTPClient()

    /// A route that answers the length, `Content-Length` and MD5 of what it received.
    private static func echoRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/moved") { _, _ -> Response in
            Response(status: .temporaryRedirect, headers: [.location: "/upload"])
        }
        router.post("/upload") { request, _ -> String in
            var received = ByteBuffer()
            for try await var chunk in request.body { received.writeBuffer(&chunk) }
            let bytes = Data(received.readableBytesView)
            let md5 = Insecure.MD5.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            let announced = request.headers[.contentLength] ?? "none"
            return "\(bytes.count) \(announced) \(md5) \(String(decoding: bytes.prefix(6), as: UTF8.self))"
        }
        return router
    }

    private func makeFile(bytes: Int) throws -> (URL, Data) {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pn-upload-\(UUID().uuidString).bin")
        try data.write(to: file)
        return (file, data)
    }

    @Test func memoryAndFilePartsArriveInOrderByteForByte() async throws {
        let (file, data) = try makeFile(bytes: 3 << 20)
        defer { try? FileManager.default.removeItem(at: file) }
        try await LoopbackHTTPServer.with(Self.echoRouter()) { server in
            // Given
            var request = PhotoNetworking.HTTPRequest(url: server.url("/upload"), method: "POST", options: try .testing(trusting: [server.origin]))
            request.bodyStream = HTTPBodyStream([.bytes(Data("head:".utf8)), try HTTPBodyStream.file(file), .bytes(Data(":tail".utf8))])
            // When
            let response = try await client.send(request)
            // Then
            let whole = Data("head:".utf8) + data + Data(":tail".utf8)
            let md5 = Insecure.MD5.hash(data: whole).map { String(format: "%02x", $0) }.joined()
            #expect(String(decoding: response.body, as: UTF8.self) == "\(whole.count) \(whole.count) \(md5) head:\(String(decoding: data.prefix(1), as: UTF8.self))")
        }
    }

    @Test func aFileThatChangedSizeIsRefusedWithInvalidData() async throws {
        let (file, data) = try makeFile(bytes: 10_000)
        defer { try? FileManager.default.removeItem(at: file) }
        try await LoopbackHTTPServer.with(Self.echoRouter()) { server in
            var request = PhotoNetworking.HTTPRequest(
                url: server.url("/upload"), method: "POST", options: try .testing(trusting: [server.origin], retry: .none))
            request.bodyStream = HTTPBodyStream([.file(file, byteCount: Int64(data.count + 1))])
            // When / Then
            let error = await #expect(throws: PhotoSourceError.self) { try await client.send(request) }
            #expect(error?.code == .invalidData)
        }
    }

    @Test func aBodyAndAStreamTogetherAreRefusedBeforeSending() async throws {
        var request = PhotoNetworking.HTTPRequest(url: URL(string: "http://127.0.0.1:9/upload")!, method: "POST", body: Data("x".utf8))
        request.bodyStream = HTTPBodyStream([.bytes(Data("y".utf8))])
        let error = await #expect(throws: PhotoSourceError.self) { try await client.send(request) }
        #expect(error?.code == .invalidData)
    }

    @Test func a307RedirectSendsTheWholeStreamAgain() async throws {
        let (file, data) = try makeFile(bytes: 200_000)
        defer { try? FileManager.default.removeItem(at: file) }
        try await LoopbackHTTPServer.with(Self.echoRouter()) { server in
            var request = PhotoNetworking.HTTPRequest(url: server.url("/moved"), method: "POST", options: try .testing(trusting: [server.origin]))
            request.bodyStream = HTTPBodyStream([.bytes(Data("head:".utf8)), .file(file, byteCount: Int64(data.count))])
            let response = try await client.send(request)
            let whole = Data("head:".utf8) + data
            let md5 = Insecure.MD5.hash(data: whole).map { String(format: "%02x", $0) }.joined()
            #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("\(whole.count) \(whole.count) \(md5) "))
        }
    }

    @Test func theReaderRewindsToAnyOffsetAcrossParts() throws {
        let (file, data) = try makeFile(bytes: 100)
        defer { try? FileManager.default.removeItem(at: file) }
        let whole = Data("abc".utf8) + data + Data("xyz".utf8)
        let reader = UploadReader(HTTPBodyStream([.bytes(Data("abc".utf8)), .file(file, byteCount: 100), .bytes(Data("xyz".utf8))]))
        func readAll() throws -> Data {
            var out = Data()
            var buffer = [UInt8](repeating: 0, count: 7)  // small, so reads straddle the parts
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { return out }
                out.append(contentsOf: buffer[0..<count])
            }
        }
        #expect(try readAll() == whole)
        #expect(reader.seek(to: 0))
        #expect(try readAll() == whole)
        #expect(reader.seek(to: 50))
        #expect(try readAll() == whole.dropFirst(50))
        #expect(reader.seek(to: 104))
        #expect(try readAll() == whole.dropFirst(104))
        #expect(!reader.seek(to: 1_000))
    }
}
