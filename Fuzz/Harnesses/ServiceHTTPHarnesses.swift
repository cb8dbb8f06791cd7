import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PhotoImaging
@testable import PhotoSourceService
import Synchronization

// The service's parsers that read a Hummingbird request: the `Authorization: Bearer` header
// (API key check), the CORS allow-list middleware, and request bodies (size limit + JSON
// decoding of the service's request types). The requests are built in memory and the
// middleware called directly; no server, no socket.

/// A request context of our own (the service's needs a NIO channel).
struct FuzzContext: RequestContext {
    struct Source: RequestContextSource { let logger: Logger }
    var coreContext: CoreRequestContextStorage
    init(source: Source) { coreContext = .init(source: source) }
    static func make() -> FuzzContext { FuzzContext(source: Source(logger: Logger(label: "fuzz"))) }
}

/// A value a task and the fuzz callback share (a `Mutex` cannot be captured by an escaping closure).
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    var value: Value {
        get { mutex.withLock { $0 } }
        set { mutex.withLock { $0 = newValue } }
    }
}

/// Runs `work` to completion from libFuzzer's synchronous callback.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let outcome = Shared<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        do { outcome.value = .success(try await work()) } catch { outcome.value = .failure(error) }
        done.signal()
    }
    done.wait()
    return outcome.value!
}

/// A request: `method`, header fields from `Name: value` lines, `body` in chunks of `chunk` bytes.
func makeRequest(_ method: HTTPRequest.Method, _ lines: [Substring], body: [UInt8] = [], chunk: Int = 0) -> Request {
    var fields = HTTPFields()
    for line in lines {
        guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else { continue }
        fields.append(HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    let head = HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1", path: "/v1/fuzz", headerFields: fields)
    guard chunk > 0 else { return Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body))) }
    let chunks = stride(from: 0, to: body.count, by: chunk).map { ByteBuffer(bytes: body[$0..<min($0 + chunk, body.count)]) }
    return Request(head: head, body: RequestBody(asyncSequence: BufferSequence(buffers: chunks)))
}

/// A streamed body: the buffers one by one, as a connection would deliver them.
struct BufferSequence: AsyncSequence, Sendable {
    let buffers: [ByteBuffer]
    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<ByteBuffer>
        mutating func next() async -> ByteBuffer? { remaining.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: buffers[...]) }
}

// MARK: Authorization

private let apiKey = "psk_fuzz-api-key"

/// The service's dependencies with one API key, a real (temporary, already unlinked) store and
/// no sources: enough for `requireAPIKey`, which reads only the header and the key digests.
private let dependencies: ServiceDependencies = {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-fuzz-\(getpid()).sqlite")
    let store = try! blocking { try await SQLiteServiceStore.open(file: file) }.get()
    try? FileManager.default.removeItem(at: file)
    let configuration = ServiceConfiguration(
        apiKeyHashes: [SecretHash.apiKeyHash(of: apiKey)], signingKeys: [Data(repeating: 1, count: 32).base64EncodedString()],
        sealingKey: Data(repeating: 2, count: 32).base64EncodedString(), stateDirectory: "/nonexistent")
    return try! ServiceDependencies(configuration: configuration, store: store, catalog: SourceCatalog([]), thumbnails: ThumbnailCache())
}()

/// Each line is a header field (`Authorization: …` mostly). A bearer token, when found, is
/// non-empty and trimmed; the API key check passes exactly when that token is the key.
private func authorization(_ data: Data) {
    let request = makeRequest(.post, text(data).split(separator: "\n"))
    let token = BearerToken.from(request)
    if let token, token.isEmpty || [token.unicodeScalars.first!, token.unicodeScalars.last!].contains(where: CharacterSet.whitespaces.contains) {
        fatalError("bearer token \(token.debugDescription) is empty or untrimmed")
    }
    let accepted = (try? dependencies.requireAPIKey(request)) != nil
    guard accepted == (token == apiKey) else { fatalError("API key check \(accepted) for token \(token.debugDescription)") }
}

// MARK: CORS

private let allowedOrigins: Set<String> = ["https://shop.example", "http://127.0.0.1:8080"]
private let cors = CORSAllowListMiddleware<FuzzContext>(allowedOrigins: allowedOrigins)

/// The first line is the method, the rest header fields (`Origin`, `Access-Control-Request-Method`).
/// An origin is echoed exactly when it is listed, never `*`; a preflight from any other origin
/// is refused with 403 before the handler runs; every other answer to a request with an origin varies on it.
private func corsOrigin(_ data: Data) {
    let lines = text(data).split(separator: "\n", omittingEmptySubsequences: false)
    let method = HTTPRequest.Method(String(lines[0])) ?? .get
    let request = makeRequest(method, Array(lines.dropFirst()))
    let origin = request.headers[.origin]
    let preflight = method == .options && request.headers[.accessControlRequestMethod] != nil
    let handled = Shared(false)
    let result = blocking {
        try await cors.handle(request, context: .make()) { _, _ in
            handled.value = true
            return Response(status: .ok)
        }
    }
    guard case .success(let response) = result else { fatalError("CORS middleware threw \(result)") }
    let echoed = response.headers[.accessControlAllowOrigin]
    let allowed = origin.map(allowedOrigins.contains) ?? false
    guard echoed == (allowed ? origin : nil), echoed != "*" else {
        fatalError("origin \(origin.debugDescription) (allowed: \(allowed)) got Access-Control-Allow-Origin \(echoed.debugDescription)")
    }
    if preflight, origin != nil {
        guard !handled.value, response.status == (allowed ? .noContent : .forbidden) else {
            fatalError("preflight from \(origin!.debugDescription) answered \(response.status)")
        }
    }
    // A refused preflight is not cached by anyone, so only the others need `Vary: Origin`.
    if origin != nil, !(preflight && !allowed), !response.headers[values: .vary].contains(where: { $0.localizedCaseInsensitiveContains("origin") }) {
        fatalError("an answer to origin \(origin!.debugDescription) does not vary on Origin")
    }
}

// MARK: Request bodies

/// The largest body the harness's limit middleware lets through.
private let bodyLimit = 2048
private let bodyLimiter = BodyLimitMiddleware<FuzzContext>(maximumBytes: bodyLimit)

/// Decodes the body as every JSON type the service reads from outside, through Hummingbird's
/// request decoder (what a route's `request.decode(as:context:)` uses). A new request type
/// gets a line here.
private func decodeRequestTypes(_ request: Request, _ context: FuzzContext) async {
    func decode<T: Decodable>(_ type: T.Type) async {
        _ = try? await context.requestDecoder.decode(type, from: request, context: context)
    }
    await decode(SignedAsset.self)
    await decode(ServiceConfiguration.self)
    await decode(ServiceConfiguration.Limits.self)
    await decode([Product].self)
    await decode(ServiceKeyFile.self)
    await decode(DeliverableAsset.self)
    await decode(DestinationReport.self)
}

/// First byte: the chunk size the body streams in (0: one buffer). Then a `Content-Length`
/// line (may lie), then the body. The handler runs only when the whole body fits the limit,
/// whatever the header claims; a larger body is a 413 Problem, never a decode.
private func requestBodies(_ data: Data) {
    var bytes = Array(data)
    let chunk = Int(bytes.first ?? 0) % 64
    bytes = Array(bytes.dropFirst())
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    let lengthLine = "Content-Length: " + String(decoding: bytes[..<newline], as: UTF8.self)
    let body = Array(bytes[min(newline + 1, bytes.count)...])
    let request = makeRequest(.post, [Substring(lengthLine)], body: body, chunk: chunk)
    let decoded = Shared(false)
    let result = blocking {
        try await bodyLimiter.handle(request, context: .make()) { request, context in
            decoded.value = true
            await decodeRequestTypes(request, context)
            return Response(status: .ok)
        }
    }
    switch result {
    case .success:
        guard body.count <= bodyLimit else { fatalError("a \(body.count)-byte body passed the \(bodyLimit)-byte limit") }
    case .failure(let error as Problem) where error.status == 413:
        guard !decoded.value else { fatalError("413 after the handler ran") }
    case .failure(let error):
        fatalError("body limit middleware threw \(error)")
    }
}

let serviceHTTPHarnesses: [Harness] = [
    Harness(name: "authorization", body: authorization),
    Harness(name: "cors-origin", body: corsOrigin),
    Harness(name: "request-bodies", body: requestBodies),
]
