import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("PreselectedSource applies the address policy to every URL")
struct PreselectedPolicyTests {
    @Test("a URL on a loopback origin that is not allow-listed is refused without any connection")
    func loopbackNotAllowListedRefused() async throws {
        let jpeg = try ImageFixtures.jpeg()
        try await PhotoServer.run(["/a.jpg": .init(data: jpeg)]) { allowed in
            try await PhotoServer.run(["/b.jpg": .init(data: jpeg)]) { other in
                // When the list names a photo on the other server, allow-listed or not at all
                let entries = [allowed.url("/a.jpg").absoluteString, other.url("/b.jpg").absoluteString]
                let withList = #expect(throws: PhotoSourceError.self) {
                    try PreselectedSource(entries: entries, allowedOrigins: [allowed.origin])
                }
                let withDefault = #expect(throws: PhotoSourceError.self) { try PreselectedSource(entries: entries) }

                // Then
                #expect(withList?.code == .accessDenied)
                #expect(withList?.message.hasPrefix("Entry 2:") == true)
                #expect(withDefault?.code == .accessDenied)
                #expect(withDefault?.message.hasPrefix("Entry 1:") == true)
                #expect(other.hits.isEmpty)
                #expect(allowed.hits.isEmpty)
            }
        }
    }

    @Test("a redirect to an origin that is not allow-listed is refused before connecting to it")
    func redirectRefused() async throws {
        let jpeg = try ImageFixtures.jpeg()
        try await PhotoServer.run(["/b.jpg": .init(data: jpeg)]) { other in
            try await PhotoServer.run(["/moved.jpg": .init(data: Data(), behavior: .redirect(to: other.url("/b.jpg").absoluteString))]) { allowed in
                let source = try PreselectedFixtures.source(allowed, ["/moved.jpg"])

                // When
                let items = try await PreselectedFixtures.rootItems(source)
                let code = await errorCode { _ = try await source.downloader.download(items[0], from: source, variant: .full) }

                // Then
                #expect(items.map(\.pixelSize) == [nil], "the probe failed; the listing did not")
                #expect(code == .accessDenied)
                #expect(allowed.hits.count == 2, "one probe, one download")
                #expect(other.hits.isEmpty)
            }
        }
    }

    @Test(
        "entries the policy refuses without connecting anywhere",
        arguments: [
            "http://127.0.0.1/a.jpg", "http://localhost:8080/a.jpg", "http://10.0.0.7/a.jpg", "http://[::1]/a.jpg",
            "http://169.254.169.254/latest/meta-data", "ftp://photos.example/a.jpg", "gopher://photos.example/a",
            "http://user@photos.example/a.jpg", "javascript:alert(1)", "data:image/png;base64,AAAA",
        ])
    func refusedEntries(entry: String) {
        let error = #expect(throws: PhotoSourceError.self) { try PreselectedSource(entries: [entry]) }
        #expect(error?.code == .accessDenied)
    }

    @Test("public URLs are accepted as listed (nothing is fetched until a page is listed)")
    func publicURLsAccepted() throws {
        let source = try PreselectedSource(entries: [
            "https://photos.example/u/42/IMG_0001.JPG", "https://cdn.example/a%20b.png?sig=abc", "https://photos.example/",
        ])

        #expect(source.entries.map(\.id) == [
            "https://photos.example/u/42/IMG_0001.JPG", "https://cdn.example/a%20b.png?sig=abc", "https://photos.example/",
        ])
        #expect(source.entries.map(\.title) == ["IMG_0001.JPG", "a b.png", "photos.example"])
        #expect(source.id == "preselected")
        #expect(source.title == "Preselected")
    }

    @Test("a malformed allowed origin is refused")
    func badOrigin() {
        let error = #expect(throws: PhotoSourceError.self) {
            try PreselectedSource(entries: [], allowedOrigins: ["not an origin"])
        }
        #expect(error?.code == .invalidData)
    }
}
