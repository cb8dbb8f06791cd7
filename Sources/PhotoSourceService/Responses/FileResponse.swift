import Foundation
import Hummingbird

/// A complete file as an HTTP response, the way labs and browsers fetch originals: streamed in
/// chunks by Hummingbird's `FileIO`, with `Content-Length`, `Content-MD5`, `ETag` (the MD5 in
/// hex), `Range` → 206 / 416 (``ByteRange`` says which ranges are ignored; `If-Range` is
/// honoured) and `If-None-Match` → 304. Used by the originals and the stored assets routes.
struct FileResponse {
    /// The file and what is known of it.
    let original: SpooledOriginal
    /// `Cache-Control` for the response.
    let cacheControl: String
    /// Called once the body is written or dropped (an originals spool lease's release).
    var whenWritten: (@Sendable () -> Void)?
    private let fileIO = FileIO()

    /// Describes the response for `original`.
    init(_ original: SpooledOriginal, cacheControl: String, whenWritten: (@Sendable () -> Void)? = nil) {
        self.original = original
        self.cacheControl = cacheControl
        self.whenWritten = whenWritten
    }

    /// The response to `request`.
    func response(to request: Request, context: some RequestContext) async throws -> Response {
        let size = original.byteCount
        let etag = "\"\(original.md5Hex)\""
        var headers: HTTPFields = [
            .contentType: original.contentType ?? "application/octet-stream", .eTag: etag, .contentMD5: original.md5Base64,
            .acceptRanges: "bytes", .cacheControl: cacheControl,
        ]
        if let match = request.headers[.ifNoneMatch], Self.matches(match, etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        guard size > 0 else {
            headers[.contentLength] = "0"
            return Response(status: .ok, headers: headers)
        }
        var range = 0...(size - 1)
        var status = HTTPResponse.Status.ok
        if let rangeHeader = request.headers[.range], Self.rangeApplies(ifRange: request.headers[.ifRange], etag: etag) {
            switch ByteRange.parse(rangeHeader, size: size) {
            case .whole:
                break
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            case .part(let asked):
                range = asked
                status = .partialContent
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
                headers[.contentMD5] = nil  // it would describe the whole file, not this part
            }
        }
        headers[.contentLength] = String(range.count)
        let file = try await fileIO.loadFile(path: original.file.path, range: range, context: context)
        let whenWritten = whenWritten
        // Whatever must outlive the body (a spool lease) lives until the body is written or dropped.
        let body = ResponseBody(contentLength: range.count) { writer in
            try await file.write(writer)
            whenWritten?()
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Whether an `If-None-Match` list names `etag` (weak comparison, `*` matches).
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag || tag == "*"
        }
    }

    /// Whether a `Range` is honoured under `If-Range` (RFC 9110 §13.1.5): always without one;
    /// with an entity tag, only when it is exactly this file's (a strong comparison, so never a
    /// weak tag); with a date, never, as these responses carry no `Last-Modified`. Otherwise the
    /// whole file is sent, which is what a lab resuming a file that changed needs.
    static func rangeApplies(ifRange: String?, etag: String) -> Bool {
        guard let ifRange else { return true }
        return ifRange.trimmingCharacters(in: .whitespaces) == etag
    }
}
