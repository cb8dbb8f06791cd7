import Foundation
import Hummingbird
import PhotoSourceKit

/// `GET /v1/originals/{signature}/{payload}`: the original, byte-identical, streamed from a file
/// with `Content-Length`, `Content-MD5` and `ETag`; `Range` → 206 so a lab can resume,
/// `If-None-Match` → 304. Folder sources are read from their own file; sources without files
/// (`cloud:`, `urls:`) from the ``OriginalsSpool``, which downloads each original once.
struct OriginalsController {
    let dependencies: ServiceDependencies
    private let fileIO = FileIO()

    init(dependencies: ServiceDependencies) {
        self.dependencies = dependencies
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/originals/:signature/:payload") { request, context in try await original(request, context) }
    }

    /// The original and, for a spooled one, the lease that keeps its file until the body is written.
    private struct Served: Sendable {
        let original: SpooledOriginal
        let lease: SpoolLease?
    }

    private func original(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let asset = try dependencies.verifySigned(context, kind: .original)
        let served: Served = try await dependencies.withSource(asset.source, session: asset.session) { entry in
            let item = try await dependencies.signedItem(asset, in: entry)
            if let fileFor = entry.originalFile {
                let file = try fileFor(item.id)
                return Served(original: try await FileDigest.of(file, sha256: false, contentType: Self.contentType(of: file.pathExtension)), lease: nil)
            }
            let lease = try await dependencies.originals.lease(of: item, in: entry, session: asset.session, version: asset.version)
            return Served(original: lease.original, lease: lease)
        }
        return try await response(served, request, context)
    }

    private func response(_ served: Served, _ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let original = served.original
        let size = original.byteCount
        let etag = "\"\(original.md5Hex)\""
        var headers: HTTPFields = [
            .contentType: original.contentType ?? "application/octet-stream", .eTag: etag, .contentMD5: original.md5Base64,
            .acceptRanges: "bytes", .cacheControl: "private, max-age=86400",
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
        if let rangeHeader = request.headers[.range] {
            guard let asked = ByteRange.parse(rangeHeader, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            range = asked
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentMD5] = nil  // it would describe the whole file, not this part
        }
        headers[.contentLength] = String(range.count)
        let file = try await fileIO.loadFile(path: original.file.path, range: range, context: context)
        let lease = served.lease
        // The lease lives until the body is written (or the response is dropped).
        let body = ResponseBody(contentLength: range.count) { writer in
            try await file.write(writer)
            lease?.release()
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

    static func contentType(of fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        default: "application/octet-stream"
        }
    }
}

/// A single `Range: bytes=…` request (multi-range requests are answered whole).
enum ByteRange {
    /// The byte range asked for, clamped to `size`; `nil` when it cannot be satisfied.
    static func parse(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard size > 0, header.hasPrefix("bytes="), !header.contains(",") else { return nil }  // no byte of an empty file can be asked for
        let spec = header.dropFirst(6)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            return max(0, size - suffix)...(size - 1)
        }
        guard let start = Int(parts[0]), start < size else { return nil }
        let end = parts[1].isEmpty ? size - 1 : Int(parts[1]).map { min($0, size - 1) }
        guard let end, end >= start else { return nil }
        return start...end
    }
}
