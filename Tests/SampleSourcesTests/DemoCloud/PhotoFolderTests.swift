import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("Demo cloud: photos from a folder")
struct PhotoFolderTests {
    /// A folder with two JPEGs (drawn by the demo painter) and a text file, removed afterwards.
    static func withFolder(_ body: (URL, [Data]) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try DemoCatalog(configuration: RouterCloud.configuration())
        var files: [Data] = []
        for (number, size) in [(1, PixelSize(width: 640, height: 480)), (2, PixelSize(width: 300, height: 500))] {
            let photo = try #require(catalog.photo(id: "photo-1-\(number)"))
            let data = try DemoPhotoRenderer.paint(photo, size: size)
            try data.write(to: folder.appendingPathComponent("IMG_\(number).jpg"))
            files.append(data)
        }
        // Named like a photo but not one: skipped.
        try Data("not a photo".utf8).write(to: folder.appendingPathComponent("IMG_0.jpg"))
        try await body(folder, files)
    }

    @Test("the folder's photos are one album, in name order, served byte for byte with their header sizes")
    func servedByteForByte() async throws {
        try await Self.withFolder { folder, files in
            var configuration = RouterCloud.configuration()
            configuration.photoFolder = folder
            try await RouterCloud.run(configuration) { cloud in
                let token = try await cloud.signIn().accessToken
                // When
                let albums = try JSONSerialization.jsonObject(with: Data(readableBytesOf: try await cloud.get("/v1/albums", token: token).body)) as? [String: Any]
                let listing = try await cloud.get("/v1/albums/album-1/photos", token: token)
                let photos = try #require((try JSONSerialization.jsonObject(with: Data(readableBytesOf: listing.body)) as? [String: Any])?["photos"] as? [[String: Any]])
                // Then
                let album = try #require((albums?["albums"] as? [[String: Any]])?.first)
                #expect(album["title"] as? String == folder.lastPathComponent)
                #expect(album["photo_count"] as? Int == 2)
                #expect(photos.map { $0["width"] as? Int } == [640, 300])
                #expect(photos.map { $0["height"] as? Int } == [480, 500])
                for (index, expected) in files.enumerated() {
                    let original = try await cloud.get("/v1/photos/photo-1-\(index + 1)/original", token: token)
                    #expect(original.status == .ok)
                    #expect(Data(readableBytesOf: original.body) == expected)
                    let thumbnail = try await cloud.get("/v1/photos/photo-1-\(index + 1)/thumbnail", token: token)
                    let header = try ImageHeader.read(Data(readableBytesOf: thumbnail.body))
                    #expect(max(header.displaySize.width, header.displaySize.height) == 320)
                }
                #expect(try await cloud.get("/v1/photos/photo-1-3/original", token: token).status == .notFound)
            }
        }
    }

    @Test("a photo folder that cannot be listed stops the cloud from starting, with the path in the message")
    func missingFolderIsRefused() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        let cloud = DemoCloud()
        // When
        let error = await #expect(throws: PhotoSourceError.self) {
            _ = try await cloud.start(configuration: DemoCloud.Configuration(photoFolder: missing))
        }
        // Then
        #expect(error?.code == .notFound)
        #expect(error?.message.contains(missing.path) == true)
        // The cloud can still start afterwards.
        let url = try await cloud.start(configuration: RouterCloud.configuration())
        #expect(url.host == "127.0.0.1")
        await cloud.stop()
    }
}
