import Foundation
import PhotoNetworking
import PhotoSourceKit

/// The demo cloud's REST API as ``RemoteAlbumSource`` uses it: one batch of a scope per call,
/// mapped to items, and the image URLs of an item.
struct RemoteAlbumAPI: Sendable {
    let baseURL: URL
    let sourceID: String
    let requester: AuthorizedRequester
    let options: HTTPOptions

    /// One batch of `scope` after `cursor`: albums at the root, photos inside an album.
    func batch(of scope: ItemScope, after cursor: String?, limit: Int) async throws -> CursorPage {
        switch scope.depth {
        case 0:
            let list = try await get(CloudAPI.AlbumList.self, path: ["v1", "albums"], cursor: cursor, limit: limit, what: "the album list")
            let items = list.albums.map { album in
                DefaultPhotoSourceItem.container(
                    id: album.id, sourceID: sourceID, title: album.title, userInfo: ["photo_count": String(album.photoCount)])
            }
            return CursorPage(items: items, nextCursor: list.nextCursor)
        case 1:
            let albumID = scope.containerID!
            let list = try await get(
                CloudAPI.PhotoList.self, path: ["v1", "albums", albumID, "photos"], cursor: cursor, limit: limit,
                what: "the photos of \(scope)")
            return CursorPage(items: list.photos.map(item), nextCursor: list.nextCursor)
        default:
            throw PhotoSourceError(.notFound, "Demo Cloud albums have no sub-albums, so \(scope) does not exist.")
        }
    }

    /// One photo by id (`GET /v1/photos/{id}`).
    func photo(id: String) async throws -> DefaultPhotoSourceItem {
        item(try await get(CloudAPI.Photo.self, path: ["v1", "photos", id], query: [], what: "photo \(id)"))
    }

    /// Streams the original of `item` into `file` (nothing is left there when it fails).
    func saveOriginal(
        of item: any PhotoSourceItem, to file: URL, progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    ) async throws {
        let request = HTTPRequest(
            url: try imageURL(of: item, .full), headers: ["Accept": "image/*"], options: DamagedPhotoDownloader.imageOptions(options))
        do {
            _ = try await requester.download(request, to: file, progress: progress)
        } catch {
            throw DamagedPhotoDownloader.explained(error, item: item, sourceTitle: "Demo Cloud")
        }
    }

    /// A photo's metadata as an item, with its pixel size.
    private func item(_ photo: CloudAPI.Photo) -> DefaultPhotoSourceItem {
        DefaultPhotoSourceItem.image(
            id: photo.id, sourceID: sourceID, title: photo.title,
            pixelSize: PixelSize(width: photo.width, height: photo.height), userInfo: ["album_id": photo.albumId])
    }

    /// Where `variant` of `item` lives: always on ``baseURL`` (never a URL from a response),
    /// so the bearer token only goes to the cloud that issued it.
    func imageURL(of item: any PhotoSourceItem, _ variant: ImageVariant) throws -> URL {
        guard item.kind == .image else {
            throw PhotoSourceError(.invalidData, "\(item.title) is not a photo, so it has no image to download.")
        }
        return try url(path: ["v1", "photos", item.id, variant == .thumbnail ? "thumbnail" : "original"])
    }

    private func get<Body: Decodable>(
        _ type: Body.Type, path: [String], cursor: String?, limit: Int, what: String
    ) async throws -> Body {
        let query = [URLQueryItem(name: "limit", value: String(limit))] + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
        return try await get(type, path: path, query: query, what: what)
    }

    private func get<Body: Decodable>(_ type: Body.Type, path: [String], query: [URLQueryItem], what: String) async throws -> Body {
        var components = URLComponents(url: try url(path: path), resolvingAgainstBaseURL: false)!
        components.queryItems = query.isEmpty ? nil : query
        let request = HTTPRequest(url: components.url!, headers: ["Accept": "application/json"], options: options)
        let response = try await requester.send(request)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(type, from: response.body)
        } catch {
            throw PhotoSourceError(.invalidData, "The Demo Cloud sent \(what) in a form this app does not understand.", underlying: error)
        }
    }

    /// `baseURL` plus percent-encoded path segments (an id can never add a segment or a query).
    private func url(path: [String]) throws -> URL {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var text = baseURL.absoluteString
        for segment in path {
            guard !segment.isEmpty, segment != ".", segment != "..",
                  let escaped = segment.addingPercentEncoding(withAllowedCharacters: allowed)
            else { throw PhotoSourceError(.invalidData, "\"\(segment)\" is not a valid Demo Cloud id.") }
            text += "/" + escaped
        }
        guard let url = URL(string: text) else {
            throw PhotoSourceError(.invalidData, "Could not build a URL for \(path.joined(separator: "/")).")
        }
        return url
    }
}
