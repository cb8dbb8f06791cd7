import CCurl
import Foundation
import PhotoSourceKit

/// A transfer in progress on the driver thread: the easy handle, the response being
/// collected, and the limits enforced while it arrives. Confined to the driver thread.
final class ActiveTransfer {
    let order: TransferOrder
    var easy: CurlEasy
    /// The response as it arrives.
    var response = ResponseCollector()
    /// Where the body goes once the status is known.
    var sink: BodySink
    /// A failure found by a callback (size limit, refused address, file error); reported
    /// instead of curl's generic code.
    var failure: TransferFailure?
    /// Why the last connection attempt was refused, if one was (used when no address worked).
    var refusal: String?
    /// Body bytes received so far (after decoding, when compression is on).
    var received: Int64 = 0
    /// Whether the URL is on the policy's allow-list (then any address may be connected to).
    var isTrustedURL = false
    /// The announced body length of the final response, once its headers are complete.
    var expectedLength: Int64?
    /// The streamed request body, when the request has one.
    var upload: UploadReader?
    private var finished = false

    init(order: TransferOrder) throws(PhotoSourceError) {
        self.order = order
        self.easy = try CurlEasy()
        self.sink = BodySink(file: order.file)
    }

    /// The receive buffer of a download into a file (`CURLOPT_BUFFERSIZE`).
    static let fileBufferSize = 512 << 10

    /// The request URL for messages, secrets redacted.
    var shownURL: String { order.request.url.redactedDescription }

    /// Applies the request and its options to the easy handle.
    func configure() throws(PhotoSourceError) {
        let request = order.request
        let options = request.options
        let curlTarget = try easy.setURL(request.url.absoluteString)
        try checkSameTarget(curlHost: curlTarget.host, curlPort: curlTarget.port)
        isTrustedURL = options.addressPolicy.isTrusted(request.url)
        try easy.set(CURLOPT_PRIVATE, pointer: UnsafeMutableRawPointer(bitPattern: UInt(order.id)))
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_FOLLOWLOCATION, 0)  // the client follows redirects itself, checking each hop
        try easy.set(CURLOPT_PROXY, "")  // a proxy would hide the address the policy must see
        try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout.wholeMilliseconds)
        try easy.set(CURLOPT_TIMEOUT_MS, options.totalTimeout.wholeMilliseconds)
        try easy.set(CURLOPT_LOW_SPEED_LIMIT, max(0, options.lowSpeedLimit.bytesPerSecond))
        try easy.set(CURLOPT_LOW_SPEED_TIME, max(1, (options.lowSpeedLimit.duration.wholeMilliseconds + 999) / 1000))
        if options.acceptEncoding { try easy.set(CURLOPT_ACCEPT_ENCODING, "") }
        // A download into a file (an original of megabytes) takes the socket's data 512 KiB at a
        // time instead of curl's default 16 KiB: 32 times fewer receive and write calls.
        if order.file != nil { try easy.set(CURLOPT_BUFFERSIZE, Self.fileBufferSize) }
        try easy.set(CURLOPT_RESOLVE, list: options.resolveOverrides)
        try configureMethod(request)
        var headers = ["Expect:"]  // no 100-continue round trip
        if request.header("User-Agent") == nil { headers.append("User-Agent: PhotoSourceKit") }
        headers += request.headers.map { "\($0.key): \($0.value)" }
        try easy.set(CURLOPT_HTTPHEADER, list: headers)
        try installCallbacks()
    }

    /// Refuses a URL that curl reads differently from the address policy: what was checked
    /// must be what is connected to.
    private func checkSameTarget(curlHost: String, curlPort: Int) throws(PhotoSourceError) {
        guard let target = URLTarget(order.request.url) else {
            throw PhotoSourceError(.accessDenied, "Refused \(shownURL): the host is not a valid host name or address.")
        }
        var host = curlHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if let address = IPAddress(host) { host = address.description }
        if host.hasSuffix(".") { host.removeLast() }
        guard host == target.host, curlPort == target.port else {
            throw PhotoSourceError(.accessDenied, "Refused \(shownURL): the URL is ambiguous (it names two different hosts).")
        }
    }

    private func configureMethod(_ request: HTTPRequest) throws(PhotoSourceError) {
        let method = request.method.uppercased()
        if let stream = request.bodyStream {
            try configureUpload(stream, method: method)
        } else if let body = request.body {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            let copied = body.withUnsafeBytes { buffer -> CURLcode in
                // COPYPOSTFIELDS copies POSTFIELDSIZE bytes, so the Data need not outlive this call.
                let base = buffer.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                return CCurl_setopt_pointer(easy.handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            guard copied == CURLE_OK else { throw PhotoSourceError(.unknown, "Could not prepare the request body (out of memory).") }
            if method != "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, method) }
        } else if method == "HEAD" {
            try easy.set(CURLOPT_NOBODY, 1)
        } else if method == "POST" {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
            try easy.set(CURLOPT_COPYPOSTFIELDS, "")
        } else if method != "GET" {
            try easy.set(CURLOPT_CUSTOMREQUEST, method)
        }
    }

    /// Resumes the caller with the outcome of the transfer (once; later calls are ignored).
    func finish(_ code: CURLcode) {
        guard !finished else { return }
        finished = true
        if let failure {
            sink.discard()
            order.continuation.resume(throwing: failure)
        } else if code != CURLE_OK {
            sink.discard()
            order.continuation.resume(throwing: CurlFailure.map(code, transfer: self))
        } else {
            complete()
        }
    }

    /// Resumes the caller with `failure` (cancellation, shutdown, a configuration error).
    func finish(_ failure: TransferFailure) {
        self.failure = failure
        finish(CURLE_OK)
    }

    private func complete() {
        let status = easy.info(CURLINFO_RESPONSE_CODE)
        do throws(PhotoSourceError) {
            let body = try sink.commit(status: status)
            order.continuation.resume(returning: HTTPResponse(
                status: status, headers: response.headers, body: body, url: order.request.url))
        } catch {
            order.continuation.resume(throwing: TransferFailure(error))
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds, for curl's `long` options.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
