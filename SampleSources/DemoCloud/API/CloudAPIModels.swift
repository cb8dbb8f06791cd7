/// The JSON bodies of the demo cloud's REST API (snake_case on the wire). The server encodes
/// them and ``RemoteAlbumSource`` decodes them.
enum CloudAPI {
    /// One album.
    struct Album: Codable, Equatable, Sendable {
        let id: String
        let title: String
        let photoCount: Int
        let coverPhotoId: String?
    }

    /// `GET /v1/albums`.
    struct AlbumList: Codable, Equatable, Sendable {
        let albums: [Album]
        let nextCursor: String?
    }

    /// One photo's metadata (`GET /v1/photos/{id}` and the entries of a photo list).
    struct Photo: Codable, Equatable, Sendable {
        let id: String
        let albumId: String
        let title: String
        let width: Int
        let height: Int
        let thumbnailUrl: String
        let originalUrl: String
    }

    /// `GET /v1/albums/{id}/photos`.
    struct PhotoList: Codable, Equatable, Sendable {
        let albumId: String
        let photos: [Photo]
        let nextCursor: String?
        let totalCount: Int
    }
}
