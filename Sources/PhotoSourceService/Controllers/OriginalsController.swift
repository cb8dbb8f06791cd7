import Crypto
import Foundation
import Hummingbird
import NIOPosix
import PhotoSourceKit

/// `GET /v1/originals/{signature}/{payload}`: the original, byte-identical, streamed from the
/// file with `Content-Length`, `Content-MD5` and `ETag`; `Range` → 206 so a lab can resume.
struct OriginalsController {
    let dependencies: ServiceDependencies
    private let fileIO = FileIO()

    init(dependencies: ServiceDependencies) {
        self.dependencies = dependencies
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/originals/:signature/:payload") { request, context in try await original(request, context) }
    }

    private func original(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let asset = try dependencies.verifySigned(context, kind: .original)
        let file: URL? = try await dependencies.withSource(asset.source, session: asset.session) { entry in
            let item = try await dependencies.signedItem(asset, in: entry)
            guard let fileFor = entry.originalFile else { return nil }
            return try fileFor(item.id)
        }
        guard let file else {
            return try await dependencies.withSource(asset.source, session: asset.session) { entry in
                try await buffered(try await dependencies.signedItem(asset, in: entry), entry)
            }
        }
        let (size, md5) = try await Self.sizeAndMD5(of: file)
        var headers: HTTPFields = [
            .contentType: Self.contentType(of: file.pathExtension), .eTag: "\"\(md5.hex)\"", .contentMD5: md5.base64,
            .acceptRanges: "bytes", .cacheControl: "private, max-age=86400",
        ]
        if let match = request.headers[.ifNoneMatch], match == "\"\(md5.hex)\"" {
            return Response(status: .notModified, headers: headers)
        }
        if let rangeHeader = request.headers[.range], size > 0 {
            guard let range = ByteRange.parse(rangeHeader, size: size) else {
                headers[.contentRange] = "bytes */\(size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentMD5] = nil  // it would describe the whole file, not this part
            headers[.contentLength] = String(range.count)
            let body = try await fileIO.loadFile(path: file.path, range: range, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
        headers[.contentLength] = String(size)
        return Response(status: .ok, headers: headers, body: try await fileIO.loadFile(path: file.path, context: context))
    }

    /// Sources without files: the downloader's bytes (bounded by the source's own limits).
    private func buffered(_ item: any PhotoSourceItem, _ entry: ServiceSource) async throws -> Response {
        let data = try await dependencies.withSourceTimeout { try await entry.source.downloader.download(item, from: entry.source, variant: .full) }
        let md5 = Insecure.MD5.hash(data: data.bytes)
        let hex = Hex.string(md5)
        return Response(
            status: .ok,
            headers: [.contentType: data.contentType ?? "application/octet-stream", .eTag: "\"\(hex)\"",
                      .contentMD5: Data(md5).base64EncodedString(), .contentLength: String(data.bytes.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: data.bytes)))
    }

    /// The file's size and MD5, read in 1 MiB chunks on NIO's blocking pool.
    static func sizeAndMD5(of file: URL) async throws -> (size: Int, md5: (hex: String, base64: String)) {
        try await NIOThreadPool.singleton.runIfActive {
            guard let handle = FileHandle(forReadingAtPath: file.path) else {
                throw PhotoSourceError(.notFound, "The photo's file is gone.")
            }
            defer { try? handle.close() }
            var hasher = Insecure.MD5()
            var size = 0
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hasher.update(data: chunk)
                size += chunk.count
            }
            let digest = hasher.finalize()
            return (size, (Hex.string(digest), Data(digest).base64EncodedString()))
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
