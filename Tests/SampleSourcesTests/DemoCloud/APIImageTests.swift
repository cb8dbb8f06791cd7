import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: thumbnails and originals")
struct APIImageTests {
    @Test("the thumbnail is a JPEG of at most 320 px with the photo's aspect; the original has the metadata size")
    func sizes() async throws {
        var configuration = RouterCloud.configuration()
        configuration.photoSizes = [PixelSize(width: 800, height: 600)]
        try await RouterCloud.run(configuration) { cloud in
            let token = try await cloud.signIn().accessToken
            let thumbnail = try await cloud.get("/v1/photos/photo-1-1/thumbnail", token: token)
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/jpeg")
            let thumbnailHeader = try ImageHeader.read(Data(readableBytesOf: thumbnail.body))
            #expect(thumbnailHeader.format == .jpeg)
            #expect(thumbnailHeader.displaySize == PixelSize(width: 320, height: 240))

            let original = try await cloud.get("/v1/photos/photo-1-1/original", token: token)
            #expect(try ImageHeader.read(Data(readableBytesOf: original.body)).displaySize == PixelSize(width: 800, height: 600))
        }
    }

    @Test("ETag and If-None-Match: 304 without a body; another photo has another tag")
    func etags() async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            let first = try await cloud.get("/v1/photos/photo-1-1/thumbnail", token: token)
            let etag = try #require(first.headers[.eTag])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))

            for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let cached = try await cloud.get("/v1/photos/photo-1-1/thumbnail", token: token, headers: [.ifNoneMatch: condition])
                #expect(cached.status == .notModified)
                #expect(cached.body.readableBytes == 0)
                #expect(cached.headers[.eTag] == etag)
            }
            let stale = try await cloud.get("/v1/photos/photo-1-1/thumbnail", token: token, headers: [.ifNoneMatch: "\"old\""])
            #expect(stale.status == .ok)
            let other = try await cloud.get("/v1/photos/photo-1-2/thumbnail", token: token)
            #expect(other.headers[.eTag] != etag)
            let original = try await cloud.get("/v1/photos/photo-1-1/original", token: token)
            #expect(original.headers[.eTag] != etag)
            #expect(cloud.state.controls.statistics.withLock { $0.notModifiedResponses } == 4)
        }
    }

    @Test("photos are deterministic: two servers serve identical bytes, and photos differ from each other")
    func deterministic() async throws {
        let catalog = try DemoCatalog(configuration: RouterCloud.configuration())
        let photo = try #require(catalog.photo(id: "photo-1-3"))
        let neighbour = try #require(catalog.photo(id: "photo-1-2"))
        let size = PixelSize(width: 64, height: 48)
        #expect(try DemoPhotoRenderer.paint(photo, size: size) == (try DemoPhotoRenderer.paint(photo, size: size)))
        #expect(try DemoPhotoRenderer.paint(photo, size: size) != (try DemoPhotoRenderer.paint(neighbour, size: size)))

        let rendererA = DemoPhotoRenderer(thumbnailLongSide: 320)
        let rendererB = DemoPhotoRenderer(thumbnailLongSide: 320)
        #expect(try await rendererA.image(of: photo, .thumbnail, folder: nil).data == (try await rendererB.image(of: photo, .thumbnail, folder: nil).data))
    }
}
