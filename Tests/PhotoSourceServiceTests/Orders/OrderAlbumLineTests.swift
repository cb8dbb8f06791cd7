import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceKit
import PhotoSourceService
import PhotoSourceTesting
import SampleSources
import Testing

@Suite("Orders: whole-album lines {source, scope}, listed into photo lines when the order is materialised")
struct OrderAlbumLineTests {
    /// The test library as the `library` source, listed through `injector` (its faults, its call count).
    static func sources(_ injector: FaultInjector) -> @Sendable (URL) throws -> [ServiceSource] {
        { root in
            let folder = try LocalFolderSource(root: root, id: "local:test", title: "Test Library")
            let entry = try ServiceSource.folder(folder, id: "library")
            return [ServiceSource(
                id: "library", source: FaultInjectingSource(base: folder, injector: injector), requiresSignIn: false,
                scope: entry.scope, item: entry.item, originalFile: entry.originalFile)]
        }
    }

    /// Writes `count` small, distinct JPEGs into `album` of the library; returns their item ids.
    static func makeAlbum(_ album: String, count: Int, in library: URL) throws -> Set<String> {
        let folder = library.appendingPathComponent(album)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var ids: Set<String> = []
        for index in 0..<count {
            let name = String(format: "photo-%04d.jpg", index)
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 24 + index % 40, height: 16 + index / 40)).write(to: folder.appendingPathComponent(name))
            ids.insert("\(album)/\(name)")
        }
        return ids
    }

    /// An order of one whole-album line.
    static func albumOrder(_ scope: String, extra: String = "") -> String {
        #"{"reference": "R-album", "product": "4x6", "items": [{"source": "library", "scope": "\#(scope)", "copies": 2\#(extra)}]}"#
    }

    /// The photos in the order's folder (the manifest left out), by name.
    static func delivered(_ harness: ServiceHarness, order: String) throws -> [String: Data] {
        let folder = harness.orderFolder.appendingPathComponent(order)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "manifest.json" }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    @Test("an album line becomes one line per photo of the album (not of albums inside it), each delivered once, a low-resolution one warned")
    func albumIsDeliveredPhotoByPhoto() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let inner = harness.library.appendingPathComponent("Album/Inner")
            try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
            try ImageEncoder.jpeg(TestLibrary.gradient(width: 900, height: 600)).write(to: inner.appendingPathComponent("deep.jpg"))
            let (token, _) = try await harness.newSession()
            // When
            let response = try await harness.postOrder(Self.albumOrder("Album"), token: token, key: "album-1")
            #expect(response.status == .created, "\(String(buffer: response.body))")
            let created = try ServiceHarness.object(response)
            #expect(created["warnings"] == nil)  // the album's photos are not known yet
            let id = try #require(created["id"] as? String)
            let order = try await harness.waitForOrder(id, token: token)
            // Then: the album line is expanded into its two photos, each materialised with its copies
            #expect(order["status"] as? String == "delivered")
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.count == 3)
            #expect(items[0]["scope"] as? String == "Album")
            #expect(items[0]["itemId"] == nil)
            #expect(items[0]["state"] as? String == "expanded")
            #expect(items[0]["photos"] as? Int == 2)
            let photos = Array(items.dropFirst())
            #expect(Set(photos.compactMap { $0["itemId"] as? String }) == ["Album/sunset.jpg", "Album/field.png"])
            #expect(photos.allSatisfy { $0["state"] as? String == "materialised" && $0["expandedFrom"] as? Int == 0 })
            #expect(photos.allSatisfy { $0["scope"] as? String == "Album" && $0["copies"] as? Int == 2 })
            // Then: judged like single lines: the 300×200 PNG prints low on 4x6, the 1200×800 JPEG does not
            let field = try #require(photos.first { $0["itemId"] as? String == "Album/field.png" })
            let sunset = try #require(photos.first { $0["itemId"] as? String == "Album/sunset.jpg" })
            #expect(field["warnings"] as? [String] == ["lowResolution"])
            #expect(sunset["warnings"] as? [String] == [])
            // Then: the folder holds each photo once, byte for byte
            let files = try Self.delivered(harness, order: id)
            let originals = try ["Album/sunset.jpg", "Album/field.png"].map { try Data(contentsOf: harness.library.appendingPathComponent($0)) }
            #expect(files.count == 2)
            #expect(Set(files.values) == Set(originals))
            // Then: the listing shows the same lines
            let listed = try ServiceHarness.object(try await harness.get("/v1/orders", token: token))
            let first = try #require((listed["orders"] as? [[String: Any]])?.first)
            #expect((first["items"] as? [[String: Any]])?.compactMap { $0["expandedFrom"] as? Int } == [0, 0])
            // Then: the low-resolution warning is in the photo's order.item event
            let events = String(buffer: try await harness.get("/v1/orders/\(id)/events", token: token).body)
            let fieldIndex = try #require(field["index"] as? Int)
            let fieldEvent = events.split(separator: "\n").first { $0.contains(#""index":\#(fieldIndex),"#) && $0.hasPrefix("data: ") }
            #expect(fieldEvent?.contains(#""warnings":["lowResolution"]"#) == true, "\(events)")
            #expect(events.contains(#""photos":2"#))
        }
    }

    @Test("a 250-photo album is listed over three pages into 250 lines, every photo delivered once")
    func largeAlbumOverSeveralPages() async throws {
        let injector = FaultInjector()
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration, sources: Self.sources(injector)) { harness in
            let ids = try Self.makeAlbum("Big", count: 250, in: harness.library)
            let (token, _) = try await harness.newSession()
            // When
            let response = try await harness.postOrder(Self.albumOrder("Big"), token: token, key: "big-1")
            #expect(response.status == .created, "\(String(buffer: response.body))")
            #expect(injector.listingCalls == 0)  // accepted without listing
            let id = try #require(try ServiceHarness.object(response)["id"] as? String)
            let order = try await harness.waitForOrder(id, token: token)
            // Then
            #expect(order["status"] as? String == "delivered")
            let items = try #require(order["items"] as? [[String: Any]])
            #expect(items.first?["photos"] as? Int == 250)
            let photoIDs = items.dropFirst().compactMap { $0["itemId"] as? String }
            #expect(photoIDs.count == 250)
            #expect(Set(photoIDs) == ids)
            #expect(items.dropFirst().map { $0["index"] as? Int } == Array(1...250))
            #expect(injector.listingCalls == 3)
            #expect(try Self.delivered(harness, order: id).count == 250)
        }
    }

    @Test("listing that fails on the album's second page is retried from the first: no photo is lost or repeated")
    func expansionRunAgainAddsEachPhotoOnce() async throws {
        let injector = FaultInjector()
        injector.failListing(.serverError, page: 1)
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration, sources: Self.sources(injector)) { harness in
            let ids = try Self.makeAlbum("Big", count: 150, in: harness.library)
            let (token, _) = try await harness.newSession()
            // When: the first run records page 1 and fails on page 2; the job runs again
            let id = try #require(try ServiceHarness.object(
                try await harness.postOrder(Self.albumOrder("Big"), token: token, key: "retry-1"))["id"] as? String)
            let order = try await harness.waitForOrder(id, token: token)
            // Then
            #expect(injector.injectedFaults == [.serverError])
            #expect(injector.listingCalls == 4)
            #expect(order["status"] as? String == "delivered")
            let items = try #require(order["items"] as? [[String: Any]])
            let photoIDs = items.dropFirst().compactMap { $0["itemId"] as? String }
            #expect(photoIDs.count == 150)
            #expect(Set(photoIDs) == ids)
            #expect(try Self.delivered(harness, order: id).count == 150)
        }
    }

    @Test("an album with no photos in it fails its line with a clear message")
    func emptyAlbumFailsItsLine() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            try FileManager.default.createDirectory(at: harness.library.appendingPathComponent("Empty/Inner"), withIntermediateDirectories: true)
            let (token, _) = try await harness.newSession()
            let id = try #require(try ServiceHarness.object(
                try await harness.postOrder(Self.albumOrder("Empty"), token: token, key: "empty-1"))["id"] as? String)
            // When
            let order = try await harness.waitForOrder(id, token: token)
            // Then
            #expect(order["status"] as? String == "failed")
            let line = try #require((order["items"] as? [[String: Any]])?.first)
            #expect(line["state"] as? String == "failed")
            #expect(line["errorCode"] as? String == "not-found")
            #expect((line["message"] as? String)?.contains("holds no photos") == true)
        }
    }

    @Test(
        "a line with neither or both of itemId and scope, a crop on an album, an unknown source or an album the session cannot open is 400 at its path",
        arguments: [
            (#"{"source": "library"}"#, "$.items[0].itemId"),
            (#"{"source": "library", "itemId": "portrait.jpg", "scope": "Album"}"#, "$.items[0].scope"),
            (#"{"source": "library", "scope": ""}"#, "$.items[0].scope"),
            (#"{"source": "library", "scope": "Album", "crop": {"x": 0, "y": 0, "width": 10, "height": 10}}"#, "$.items[0].crop"),
            (#"{"source": "nowhere", "scope": "Album"}"#, "$.items[0].source"),
            (#"{"source": "library", "scope": "Nope"}"#, "$.items[0].scope"),
            (#"{"source": "library", "scope": "portrait.jpg"}"#, "$.items[0].scope"),
            (#"{"source": "library", "scope": "../outside"}"#, "$.items[0].scope"),
        ])
    func refusedAlbumLines(line: String, path: String) async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            // When
            let response = try await harness.postOrder(
                #"{"reference": "R-bad", "product": "4x6", "items": [\#(line)]}"#, token: token, key: UUID().uuidString)
            // Then
            #expect(response.status == .badRequest, "\(String(buffer: response.body))")
            let errors = try #require(try ServiceHarness.object(response)["errors"] as? [[String: Any]])
            #expect(errors.map { $0["path"] as? String } == [path], "\(errors)")
        }
    }
}
