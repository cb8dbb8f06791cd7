import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("RemoteAlbumSource: a photo the cloud cannot render")
struct RemoteAlbumDamagedPhotoTests {
    @Test("its thumbnail fails after two requests, not three, with advice that it is damaged rather than 'try again later'")
    func damagedPhoto() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A real JPEG cut after its headers: its size can be read, its pixels cannot.
        let whole = try ImageFixtures.jpeg(width: 64, height: 48)
        try whole.prefix(whole.count / 3).write(to: folder.appendingPathComponent("IMG_1.jpg"))
        var configuration = CloudFixture.configuration
        configuration.photoFolder = folder
        let cloud = DemoCloud()
        let url = try await cloud.start(configuration: configuration)
        do {
            try await check(cloud: cloud, url: url)
        } catch {
            await cloud.stop()
            throw error
        }
        await cloud.stop()
    }

    private func check(cloud: DemoCloud, url: URL) async throws {
        let source = try RemoteAlbumSource(baseURL: url, credentialStore: InMemoryCredentialStore(), autoApprove: true)
        try await source.signIn()
        let album = ItemScope.root.appending(id: "album-1", title: "album 1")
        let photo = try #require(try await source.items(in: album, page: 0, count: 10).contentItems.first)
        let before = cloud.statistics.count(.thumbnail)
        // When
        let error = await #expect(throws: PhotoSourceError.self) {
            _ = try await source.downloader.download(photo, from: source, variant: .thumbnail)
        }
        // Then
        #expect(cloud.statistics.count(.thumbnail) == before + 2, "one retry, not two")
        #expect(error?.code == .invalidData)
        #expect(error?.message == "Demo Cloud says the photo is damaged: \(photo.title) cannot be shown or ordered, and trying again will not help; choose another photo.")
        #expect(error?.message.contains("Try again later") == false)
    }
}
