import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: albums and photos with cursor paging")
struct APIPagingTests {
    @Test("albums page by cursor without duplicates or gaps")
    func albums() async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            var cursor: String?
            var ids: [String] = []
            repeat {
                let query = "/v1/albums?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try RouterCloud.decode(CloudAPI.AlbumList.self, try await cloud.get(query, token: token))
                #expect(page.albums.count <= 2)
                ids += page.albums.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(ids == ["album-1", "album-2", "album-3"])
        }
    }

    @Test("5,000 photos in pages of 200: every photo once, in order, with sizes from the metadata")
    func photos() async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            var cursor: String?
            var ids: [String] = []
            var pages = 0
            repeat {
                let query = "/v1/albums/album-2/photos?limit=200" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try RouterCloud.decode(CloudAPI.PhotoList.self, try await cloud.get(query, token: token))
                #expect(page.totalCount == 5_000)
                ids += page.photos.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil
            #expect(pages == 25)
            #expect(ids.count == 5_000)
            #expect(Set(ids).count == 5_000)
            #expect(ids.first == "photo-2-1")
            #expect(ids.last == "photo-2-5000")
        }
    }

    @Test("limit defaults to 50 and is clamped to the maximum of 200")
    func limits() async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            let standard = try RouterCloud.decode(CloudAPI.PhotoList.self, try await cloud.get("/v1/albums/album-2/photos", token: token))
            #expect(standard.photos.count == 50)
            let clamped = try RouterCloud.decode(CloudAPI.PhotoList.self, try await cloud.get("/v1/albums/album-2/photos?limit=100000", token: token))
            #expect(clamped.photos.count == 200)
        }
    }

    @Test("bad paging input gets 400", arguments: [
        "/v1/albums?limit=0", "/v1/albums?limit=-3", "/v1/albums?limit=ten", "/v1/albums?cursor=garbage",
        "/v1/albums/album-2/photos?cursor=\(CloudCursor.encode(listing: "album-1", offset: 1))",
        "/v1/albums/album-2/photos?cursor=\(CloudCursor.encode(listing: "album-2", offset: 5_000))",
        "/v1/albums?limit=1&limit=2",
    ])
    func badInput(_ path: String) async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            #expect(try await cloud.get(path, token: token).status == .badRequest)
        }
    }

    @Test("an empty album lists no photos and no cursor; unknown ids are 404", arguments: [
        "/v1/albums/album-9/photos", "/v1/albums/album-01/photos", "/v1/photos/photo-1-4", "/v1/photos/photo-1-0",
        "/v1/photos/../etc/passwd", "/v1/photos/photo-1-1x/thumbnail",
    ])
    func notFound(_ path: String) async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            let empty = try RouterCloud.decode(CloudAPI.PhotoList.self, try await cloud.get("/v1/albums/album-3/photos", token: token))
            #expect(empty.photos.isEmpty)
            #expect(empty.nextCursor == nil)
            #expect(try await cloud.get(path, token: token).status == .notFound)
        }
    }

    @Test("photo metadata: pixel size, title and absolute image URLs")
    func metadata() async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            let photo = try RouterCloud.decode(CloudAPI.Photo.self, try await cloud.get("/v1/photos/photo-1-2", token: token))
            #expect(photo.albumId == "album-1")
            #expect(photo.title == "Trip 0002")
            #expect([640, 300].contains(photo.width))
            #expect(photo.height == (photo.width == 640 ? 480 : 400))
            #expect(photo.thumbnailUrl == "http://127.0.0.1/v1/photos/photo-1-2/thumbnail")
            #expect(photo.originalUrl == "http://127.0.0.1/v1/photos/photo-1-2/original")
        }
    }
}
