import Foundation
import Hummingbird
import PhotoSourceKit
import Synchronization

/// The REST API under `/v1`: albums, photos, metadata, thumbnails and originals, all behind
/// bearer tokens and subject to the current faults.
struct APIEndpoints: Sendable {
    let state: CloudState

    func register(on router: Router<BasicRequestContext>) {
        router.get("v1/albums") { request, _ in
            try await guarded(.albums, request) { shape in try albums(request, shape: shape) }
        }
        router.get("v1/albums/:id/photos") { request, context in
            let id = try context.parameters.require("id")
            return try await guarded(.albumPhotos, request) { shape in try photos(in: id, request, shape: shape) }
        }
        router.get("v1/photos/:id") { request, context in
            let id = try context.parameters.require("id")
            return try await guarded(.photo, request) { shape in
                guard let photo = state.catalog.photo(id: id) else { return notFound("photo", id) }
                return try CloudResponses.json(metadata(photo), shape: shape, pause: state.pause)
            }
        }
        for (path, endpoint, variant) in [
            ("v1/photos/:id/thumbnail", DemoCloud.Endpoint.thumbnail, DemoPhotoRenderer.Variant.thumbnail),
            ("v1/photos/:id/original", .original, .original),
        ] {
            router.get(RouterPath(path)) { request, context in
                let id = try context.parameters.require("id")
                return try await guarded(endpoint, request) { shape in try await image(id, variant, request, shape: shape) }
            }
        }
    }

    /// Counts the request, applies latency and counted faults, checks the bearer token, then answers.
    private func guarded(
        _ endpoint: DemoCloud.Endpoint, _ request: Request,
        _ answer: (DemoCloud.Faults.BodyShape) async throws -> Response
    ) async throws -> Response {
        state.controls.count(endpoint)
        let (latency, verdict, shape) = state.controls.faults.withLock { faults in
            (faults.latency, faults.takeVerdict(), faults.bodyShape)
        }
        if latency > .zero { try await state.pause(latency) }
        switch verdict {
        case .rateLimited(let seconds):
            state.controls.record { $0.injectedErrors += 1 }
            return CloudResponses.rateLimited(retryAfterSeconds: seconds)
        case .serverError:
            state.controls.record { $0.injectedErrors += 1 }
            return CloudResponses.apiError(.internalServerError, "server_error", "Injected failure; retry.")
        case .serve:
            break
        }
        if let refusal = authorizationRefusal(request) {
            state.controls.record { $0.unauthorizedResponses += 1 }
            return refusal
        }
        return try await answer(shape)
    }

    /// A 401 response when the request has no valid bearer token, else `nil`.
    private func authorizationRefusal(_ request: Request) -> Response? {
        guard let header = request.headers[.authorization] else { return CloudResponses.unauthorized(nil) }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return CloudResponses.unauthorized(nil) }
        let now = state.clock.now
        switch state.tokens.withLock({ $0.check(accessToken: String(parts[1]), now: now) }) {
        case .valid: return nil
        case .expired: return CloudResponses.unauthorized("The access token expired.")
        case .unknown: return CloudResponses.unauthorized("The access token is unknown.")
        }
    }

    private func albums(_ request: Request, shape: DemoCloud.Faults.BodyShape) throws -> Response {
        let all = state.catalog.albums
        let window: CloudCursor.Window
        switch page(request, listing: "albums", total: all.count) {
        case .success(let found): window = found
        case .failure(let refusal): return refusal.response
        }
        let albums = all[window.range].map { album in
            CloudAPI.Album(
                id: album.id, title: album.title, photoCount: album.photoCount,
                coverPhotoId: album.photoCount > 0 ? state.catalog.photos(in: album, range: 0..<1)[0].id : nil)
        }
        return try CloudResponses.json(CloudAPI.AlbumList(albums: albums, nextCursor: window.nextCursor), shape: shape, pause: state.pause)
    }

    private func photos(in albumID: String, _ request: Request, shape: DemoCloud.Faults.BodyShape) throws -> Response {
        guard let album = state.catalog.album(id: albumID) else { return notFound("album", albumID) }
        let window: CloudCursor.Window
        switch page(request, listing: album.id, total: album.photoCount) {
        case .success(let found): window = found
        case .failure(let refusal): return refusal.response
        }
        let photos = state.catalog.photos(in: album, range: window.range).map(metadata)
        return try CloudResponses.json(
            CloudAPI.PhotoList(albumId: album.id, photos: photos, nextCursor: window.nextCursor, totalCount: album.photoCount),
            shape: shape, pause: state.pause)
    }

    private func image(
        _ id: String, _ variant: DemoPhotoRenderer.Variant, _ request: Request, shape: DemoCloud.Faults.BodyShape
    ) async throws -> Response {
        guard let photo = state.catalog.photo(id: id) else { return notFound("photo", id) }
        if let origin = state.controls.faults.withLock({ $0.redirectImagesToOrigin }) {
            var target = origin
            while target.hasSuffix("/") { target.removeLast() }
            return CloudResponses.redirect(to: target + request.uri.path)
        }
        let etag = state.renderer.etag(of: photo, variant)
        var headers: HTTPFields = [.eTag: etag, .cacheControl: "private, max-age=86400"]
        if let condition = request.headers[.ifNoneMatch], ETagMatch.matches(condition, etag: etag) {
            state.controls.record { $0.notModifiedResponses += 1 }
            return Response(status: .notModified, headers: headers)
        }
        let image: (data: Data, contentType: String)
        do {
            image = try await state.renderer.image(of: photo, variant, folder: state.catalog.folder)
        } catch {
            // Not a passing fault: the same photo fails every time, and the client should say so.
            return CloudResponses.apiError(
                .internalServerError, "photo_damaged", "Photo \(photo.id) cannot be rendered: its file is damaged. Asking again will not help.")
        }
        headers[.contentType] = image.contentType
        return Response(status: .ok, headers: headers, body: CloudResponses.body(image.data, shape: shape, pause: state.pause))
    }

    private func metadata(_ photo: DemoCatalog.Photo) -> CloudAPI.Photo {
        CloudAPI.Photo(
            id: photo.id, albumId: photo.albumID, title: photo.title,
            width: photo.pixelSize.width, height: photo.pixelSize.height,
            thumbnailUrl: state.url("/v1/photos/\(photo.id)/thumbnail"),
            originalUrl: state.url("/v1/photos/\(photo.id)/original"))
    }

    /// A refused paging request, wrapping its response.
    private struct PageRefusal: Error {
        let response: Response
    }

    /// The page window asked for by `cursor` and `limit` (default and maximum from the configuration).
    private func page(_ request: Request, listing: String, total: Int) -> Result<CloudCursor.Window, PageRefusal> {
        guard let query = FormFields(request.uri.query ?? "") else {
            return .failure(PageRefusal(response: CloudResponses.apiError(.badRequest, "invalid_request", "The query is malformed.")))
        }
        var limit = state.configuration.defaultPageSize
        if let text = query["limit"] {
            guard let value = Int(text), value > 0 else {
                return .failure(PageRefusal(response: CloudResponses.apiError(
                    .badRequest, "invalid_request", "limit must be a positive whole number.")))
            }
            limit = min(value, state.configuration.maximumPageSize)
        }
        do {
            return .success(try CloudCursor.window(listing: listing, total: total, cursor: query["cursor"], limit: limit))
        } catch {
            return .failure(PageRefusal(response: CloudResponses.apiError(
                .badRequest, "invalid_cursor", "The cursor does not belong to this listing; start again without one.")))
        }
    }

    private func notFound(_ kind: String, _ id: String) -> Response {
        CloudResponses.apiError(.notFound, "not_found", "There is no \(kind) with the id \"\(id)\".")
    }
}
