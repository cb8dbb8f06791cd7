import Foundation
import Hummingbird
import Logging
import NIOCore
@testable import PhotoSourceService
import Testing

/// What `make fuzz` found in the service's parsers: each test reads the reproducer kept in
/// Fuzz/Regressions/<harness>/ (which every `make fuzz` replays) and checks the fixed behaviour.
@Suite("Fuzz regressions (service)")
struct FuzzRegressionTests {
    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions")

    /// A request context that needs no channel.
    struct Context: RequestContext {
        struct Source: RequestContextSource { let logger: Logger }
        var coreContext: CoreRequestContextStorage
        init(source: Source) { coreContext = .init(source: source) }
    }

    @Test("a suffix range of an empty file is unsatisfiable, not a trap (byte-range: 0 bytes, bytes=-5)")
    func emptyFileRange() throws {
        let input = try String(contentsOf: Self.regressions.appendingPathComponent("byte-range/empty-file-suffix-range"), encoding: .utf8)
        let lines = input.split(separator: "\n", maxSplits: 1)
        #expect(ByteRange.parse(String(lines[1]), size: try #require(Int(lines[0]))) == .unsatisfiable)
        for header in ["bytes=-5", "bytes=-1", "bytes=0-", "bytes=0-0"] {
            #expect(ByteRange.parse(header, size: 0) == .unsatisfiable, "\(header)")
        }
        #expect(ByteRange.parse("bytes=-5", size: 3) == .part(0...2))
    }

    @Test("a streamed body over the limit is the service's 413 problem naming the limit, not NIO's error")
    func streamedBodyOverLimit() async throws {
        // The reproducer: chunk size byte, a Content-Length line that lies (10), then a 3,000-byte body.
        let input = try Data(contentsOf: Self.regressions.appendingPathComponent("request-bodies/streamed-body-over-limit"))
        let chunk = Int(input[input.startIndex])
        let body = Array(input.drop(while: { $0 != UInt8(ascii: "\n") }).dropFirst())
        #expect(body.count > 2_048)
        let buffers = stride(from: 0, to: body.count, by: chunk).map { ByteBuffer(bytes: body[$0..<min($0 + chunk, body.count)]) }
        let stream = AsyncStream<ByteBuffer> { continuation in
            for buffer in buffers { continuation.yield(buffer) }
            continuation.finish()
        }
        let request = Request(
            head: HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/v1/sessions"),
            body: RequestBody(asyncSequence: stream))
        let middleware = BodyLimitMiddleware<Context>(maximumBytes: 2_048)
        do {
            _ = try await middleware.handle(request, context: Context(source: .init(logger: Logger(label: "test")))) { _, _ in
                Issue.record("the handler ran with a body over the limit")
                return Response(status: .ok)
            }
            Issue.record("no error")
        } catch let problem as Problem {
            #expect(problem.status == 413)
            #expect(problem.code == "too-large")
            #expect(problem.detail == "The request body is larger than 2048 bytes.")
        }
    }
}
