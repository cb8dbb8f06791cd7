import Foundation
import PhotoNetworking
import PhotoSourceKit
import SampleSources

/// What scripts need from a cloud source beyond listing: one photo's metadata by id
/// (`GET /v1/photos/{id}`) and its original streamed to a file (`/v1/photos/{id}/original`).
/// Every URL is built on the source's base URL, so the bearer token only goes to that cloud.
struct CloudPhotoLookup: Sendable {
    /// The cloud.
    let source: RemoteAlbumSource

    /// The photo's metadata as it appears in the JSON (snake_case on the wire).
    private struct Photo: Decodable {
        let id: String
        let albumId: String
        let title: String
        let width: Int
        let height: Int
    }

    private var requester: AuthorizedRequester { AuthorizedRequester(session: source.authSession) }

    /// The photo with `id`; `.notFound` when the cloud has none.
    func item(id: String) async throws -> any PhotoSourceItem {
        let request = HTTPRequest(url: try url(id, []), headers: ["Accept": "application/json"], options: source.options)
        let response = try await requester.send(request)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let photo: Photo
        do {
            photo = try decoder.decode(Photo.self, from: response.body)
        } catch {
            throw PhotoSourceError(.invalidData, "\(source.title) described photo \(id) in a form this app does not understand.", underlying: error)
        }
        return DefaultPhotoSourceItem.image(
            id: photo.id, sourceID: source.id, title: photo.title,
            pixelSize: PixelSize(width: photo.width, height: photo.height), userInfo: ["album_id": photo.albumId])
    }

    /// Streams the original of `item` into `file` (atomically: nothing is left on failure).
    func saveOriginal(of item: any PhotoSourceItem, to file: URL, progress: @escaping @Sendable (Int64, Int64?) -> Void) async throws {
        guard item.kind == .image else {
            throw PhotoSourceError(.invalidData, "\(item.title) is an album, not a photo; give a photo's id.")
        }
        let request = HTTPRequest(url: try url(item.id, ["original"]), options: source.options)
        _ = try await requester.download(request, to: file, progress: progress)
    }

    /// `base/v1/photos/<id>/<rest…>`, the id percent-encoded so it can never add a segment or a query.
    private func url(_ id: String, _ rest: [String]) throws -> URL {
        guard !id.isEmpty, id != ".", id != "..",
              let escaped = id.addingPercentEncoding(withAllowedCharacters: .urlUnreservedCharacters),
              let url = URL(string: ([source.baseURL.absoluteString, "v1", "photos", escaped] + rest).joined(separator: "/"))
        else { throw PhotoSourceError(.invalidData, "\"\(id)\" is not a valid photo id for \(source.title).") }
        return url
    }
}

extension CharacterSet {
    /// RFC 3986's unreserved characters: letters, digits, `-._~`.
    static let urlUnreservedCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
