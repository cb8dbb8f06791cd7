import Foundation
import PhotoNetworking
import PhotoSourceKit
import SampleSources
import Testing
@testable import PhotoSourceService

/// The demo upload receiver behind a real `HTTPUploadDestination`: what an at-least-once sender
/// repeats, the receiver keeps once.
@Suite("Demo upload receiver")
struct DemoUploadReceiverTests {
    static func withReceiver(_ body: (DemoUploadReceiver, HTTPUploadDestination, URL) async throws -> Void) async throws {
        let receiver = DemoUploadReceiver()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-uploads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try await receiver.start(folder: folder)
        do {
            let upload = try HTTPUploadDestination(.init(id: "uploads", url: base.appendingPathComponent("uploads"), mode: .concurrent(maximum: 3)))
            try await body(receiver, upload, folder)
        } catch {
            await receiver.stop()
            throw error
        }
        await receiver.stop()
    }

    @Test("a delivery sent again whole (every acknowledgement lost) is answered the same and stored once")
    func repeatsAreKeptOnce() async throws {
        let assets = try TestAssets(count: 4, bytes: 30_000)
        defer { assets.remove() }
        try await Self.withReceiver { receiver, upload, folder in
            // When
            #expect(try await upload.deliver(assets.delivery(), progress: { _ in }) == .delivered)
            #expect(try await upload.deliver(assets.delivery(), progress: { _ in }) == .delivered)
            // Then
            let statistics = receiver.statistics
            #expect(statistics.posts == 8)
            #expect(statistics.postsByKey == Dictionary(uniqueKeysWithValues: (0..<4).map { ("ord_test-dest-\($0)", 2) }))
            #expect(statistics.stored == 4)
            #expect(statistics.replays == 4)
            #expect(receiver.uploads.map(\.index).sorted() == [0, 1, 2, 3])
            for asset in assets.assets {
                let stored = try #require(receiver.uploads.first { $0.index == asset.index })
                #expect(stored.md5 == asset.md5)
                #expect(stored.file?.deletingLastPathComponent().lastPathComponent == "ord_test")
                #expect(try Data(contentsOf: try #require(stored.file)) == (try assets.bytes(asset.index)))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("ord_test").path).count == 4)
        }
    }

    @Test("an upload without a key, or whose file does not match its md5 field, is refused; a 503 stores nothing and the retry lands")
    func refusalsAndFaults() async throws {
        let assets = try TestAssets(count: 1, bytes: 10_000)
        defer { assets.remove() }
        try await Self.withReceiver { receiver, upload, _ in
            let url = try #require(receiver.uploadURL)
            var unkeyed = upload.request(for: assets.assets[0], of: assets.delivery())
            unkeyed.setHeader("Idempotency-Key", "")
            #expect(await Self.status(of: unkeyed) == 400)
            var wrong = assets.assets[0]
            wrong.md5 = String(repeating: "0", count: 32)
            #expect(await Self.status(of: upload.request(for: wrong, of: assets.delivery())) == 400)
            #expect(url.path.hasSuffix("/uploads"))
            // A refused upload leaves its key free: the right file with the same key is kept.
            receiver.faults = .init(serverErrorNextUploads: 1)
            await #expect(throws: PhotoSourceError.self) { try await upload.deliver(assets.delivery(), progress: { _ in }) }
            #expect(try await upload.deliver(assets.delivery(), progress: { _ in }) == .delivered)
            #expect(receiver.statistics.stored == 1)
            #expect(receiver.statistics.refused == 2)
            #expect(receiver.statistics.injectedErrors == 1)
        }
    }

    /// The HTTP status `request` was answered with.
    static func status(of request: HTTPRequest) async -> Int? {
        do {
            return try await HTTPClient.shared.send(request).status
        } catch let error as PhotoSourceError {
            return (error.underlying as? HTTPStatusError)?.response.status
        } catch {
            return nil
        }
    }
}
