import Foundation
import Hummingbird
import PhotoSourceKit

/// `/v1/uploads`: resumable uploads from the customer's device, tus 1.0.0 (core, creation,
/// termination, expiration), authenticated by the customer session; an upload belongs to its
/// session only. Finished uploads are photos of the "Uploads" source. The bytes and their
/// checks are the ``UploadStore``'s; this controller speaks the protocol.
struct UploadsController {
    let dependencies: ServiceDependencies
    private var store: UploadStore { dependencies.uploads }
    /// The tus version spoken.
    static let version = "1.0.0"
    /// The extensions supported.
    static let extensions = "creation,termination,expiration"
    /// The media type of `PATCH` bodies.
    static let chunkMediaType = "application/offset+octet-stream"

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.on("/v1/uploads", method: .options) { _, _ in options() }
        router.post("/v1/uploads") { request, _ in try await tus(request) { try await create(request) } }
        router.head("/v1/uploads/:upload") { request, context in try await tus(request) { try await status(request, context) } }
        router.patch("/v1/uploads/:upload") { request, context in try await tus(request) { try await append(request, context) } }
        router.delete("/v1/uploads/:upload") { request, context in try await tus(request) { try await delete(request, context) } }
    }

    /// Whether `request` is a `PATCH` whose body this controller streams to disk itself (the
    /// body middlewares leave it alone; ``UploadSettings/maximumChunkBytes`` caps it instead).
    static func streamsBody(_ request: Request) -> Bool {
        request.method == .patch && request.uri.path.hasPrefix("/v1/uploads/")
    }

    private func options() -> Response {
        Response(status: .noContent, headers: [
            .tusResumable: Self.version, .tusVersion: Self.version, .tusExtension: Self.extensions,
            .tusMaxSize: String(store.settings.maximumBytes),
        ])
    }

    /// Checks `Tus-Resumable` (412 otherwise) and puts it on every answer, refusals included.
    private func tus(_ request: Request, _ handler: () async throws -> Response) async throws -> Response {
        var response: Response
        do {
            guard request.headers[.tusResumable] == Self.version else {
                var refusal = UploadRefusal.unsupportedVersion.response()
                refusal.headers[.tusVersion] = Self.version
                refusal.headers[.tusResumable] = Self.version
                return refusal
            }
            response = try await handler()
        } catch {
            let problem = Problem.from(error)
            guard problem.status < 500 else { throw error }  // logged by ProblemMiddleware
            response = problem.response()
        }
        response.headers[.tusResumable] = Self.version
        return response
    }

    private func create(_ request: Request) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        if request.headers[.uploadDeferLength] != nil {
            throw UploadRefusal.badHeader("Upload-Length", "given at creation (Upload-Defer-Length is not supported)")
        }
        guard let length = request.headers[.uploadLength].flatMap(Int.init), length > 0 else {
            throw UploadRefusal.badHeader("Upload-Length", "the photo's size in bytes, a whole number above 0")
        }
        guard let metadata = UploadMetadata.parse(request.headers[.uploadMetadata]) else {
            throw UploadRefusal.badHeader("Upload-Metadata", "comma-separated pairs of a key and a base64 value, such as filename ZGF5LmpwZw==")
        }
        let record = try await store.create(
            session: session.id, length: length, filename: metadata["filename"].flatMap(Self.title), filetype: metadata["filetype"])
        return Response(status: .created, headers: [
            .location: dependencies.link("/v1/uploads/" + record.id), .uploadExpires: Self.httpDate(record.expiresAt),
        ])
    }

    private func status(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        let (record, offset) = try await store.status(session: session.id, id: try context.parameters.require("upload"))
        var headers: HTTPFields = [
            .uploadOffset: String(offset), .uploadLength: String(record.length), .cacheControl: "no-store",
        ]
        var metadata: [String: String] = [:]
        if let filename = record.filename { metadata["filename"] = filename }
        if let filetype = record.filetype { metadata["filetype"] = filetype }
        if !metadata.isEmpty { headers[.uploadMetadata] = UploadMetadata.format(metadata) }
        if !record.isFinished { headers[.uploadExpires] = Self.httpDate(record.expiresAt) }
        return Response(status: .ok, headers: headers)
    }

    private func append(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        guard JSONBodyMiddleware<ServiceRequestContext>.mediaType(request.headers[.contentType]) == Self.chunkMediaType else {
            throw Problem(
                status: .unsupportedMediaType, code: .unsupportedFormat,
                detail: "A PATCH to an upload carries its bytes as Content-Type: \(Self.chunkMediaType).")
        }
        guard let offset = request.headers[.uploadOffset].flatMap(Int.init), offset >= 0 else {
            throw UploadRefusal.badHeader("Upload-Offset", "the offset the bytes start at, a whole number from 0")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > store.settings.maximumChunkBytes {
            throw UploadRefusal.chunkTooLarge(maximum: store.settings.maximumChunkBytes)
        }
        let (record, newOffset) = try await store.append(
            session: session.id, id: try context.parameters.require("upload"), offset: offset, body: request.body)
        var headers: HTTPFields = [.uploadOffset: String(newOffset)]
        if !record.isFinished { headers[.uploadExpires] = Self.httpDate(record.expiresAt) }
        return Response(status: .noContent, headers: headers)
    }

    private func delete(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        try await store.delete(session: session.id, id: try context.parameters.require("upload"))
        return Response(status: .noContent)
    }

    /// A file name as a title: its last path component, at most 200 characters.
    static func title(_ filename: String) -> String? {
        let name = filename.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? nil : String(name.prefix(200))
    }

    static func httpDate(_ date: Date) -> String {
        HTTPDateCache.format(Int(date.timeIntervalSince1970))
    }
}
