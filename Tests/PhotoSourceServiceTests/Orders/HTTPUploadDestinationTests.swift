import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PhotoNetworking
import PhotoSourceKit
@testable import SampleSources
import Testing
@testable import PhotoSourceService

/// `HTTPUploadDestination` against a real multipart receiver on 127.0.0.1.
@Suite("HTTP upload destination")
struct HTTPUploadDestinationTests {
    /// What the receiver saw of one upload.
    struct Received: Sendable {
        let fields: [String: String]
        let fileName: String?
        let contentType: String?
        let file: Data
        let idempotencyKey: String?
    }

    /// A receiver that parses each upload, records it, and answers with `status(index)`; `hold`
    /// runs (with the item's index) while the request counts as in flight (for the overlap tests).
    final class Receiver: Sendable {
        let uploads = Shared<[Int: Received]>([:])
        let log = Shared<[String]>([])
        let inFlight = Shared(0)
        let maxInFlight = Shared(0)
        let started = Shared(0)
        /// The `Idempotency-Key` of every POST that arrived whole, in arrival order.
        let keys = Shared<[String]>([])
        let status: @Sendable (Int) -> HTTPResponse.Status
        let hold: @Sendable (Receiver, Int) async throws -> Void

        init(
            status: @escaping @Sendable (Int) -> HTTPResponse.Status = { _ in .created },
            hold: @escaping @Sendable (Receiver, Int) async throws -> Void = { _, _ in }
        ) {
            self.status = status
            self.hold = hold
        }

        var router: Router<BasicRequestContext> {
            let router = Router()
            router.post("/upload") { request, _ -> Response in
                let body = try await request.body.collect(upTo: 64 << 20)
                let type = request.headers[.contentType] ?? ""
                guard let form = MultipartFormParts(Data(body.readableBytesView), contentType: type), let file = form.part("file")
                else { return Response(status: .badRequest) }
                let fields = form.fields
                let index = Int(fields["index"] ?? "") ?? -1
                self.keys.update { $0.append(request.headers[.init("Idempotency-Key")!] ?? "") }
                self.started.update { $0 += 1 }
                self.log.update { $0.append("start \(index)") }
                let now = self.inFlight.update { count -> Int in
                    count += 1
                    return count
                }
                self.maxInFlight.update { $0 = max($0, now) }
                try await self.hold(self, index)
                self.inFlight.update { $0 -= 1 }
                self.log.update { $0.append("end \(index)") }
                self.uploads.update {
                    $0[index] = Received(
                        fields: fields, fileName: file.fileName, contentType: file.contentType, file: file.body,
                        idempotencyKey: request.headers[.init("Idempotency-Key")!])
                }
                return Response(status: self.status(index))
            }
            return router
        }
    }

    /// How many POSTs carried each `Idempotency-Key`, by the item index the key ends with.
    static func postsPerItem(_ receiver: Receiver, key: String = "ord_test-dest") -> [Int: Int] {
        receiver.keys.value.reduce(into: [:]) { counts, sent in
            if let index = Int(sent.dropFirst(key.count + 1)), sent.hasPrefix(key + "-") { counts[index, default: 0] += 1 }
        }
    }

    func destination(
        _ server: OrderTestServer, mode: HTTPUploadDestination.QueueMode,
        pause: @escaping @Sendable (Duration) async throws -> Void = { _ in }
    ) throws -> HTTPUploadDestination {
        try HTTPUploadDestination(
            .init(id: "upload", url: server.url("/upload"), mode: mode, timeout: .seconds(30)), client: .shared, pause: pause)
    }

    @Test func everyItemArrivesByteIdenticalWithItsFields() async throws {
        let assets = try TestAssets(count: 3, bytes: 300_000)
        defer { assets.remove() }
        let receiver = Receiver()
        let progress = ProgressLog()
        try await OrderTestServer.with(receiver.router) { server in
            // When
            let outcome = try await destination(server, mode: .standard).deliver(assets.delivery(), progress: progress.progress)
            // Then
            #expect(outcome == .delivered)
            #expect(progress.results.value.map(\.index).sorted() == [0, 1, 2])
            #expect(progress.results.value.allSatisfy { $0.delivered })
            for asset in assets.assets {
                let received = try #require(receiver.uploads.value[asset.index])
                #expect(received.file == (try assets.bytes(asset.index)))
                #expect(TestAssets.md5(received.file) == asset.md5)
                #expect(received.fields == [
                    "orderId": "ord_test", "reference": "shop-42", "index": String(asset.index), "md5": asset.md5,
                    "copies": String(asset.copies), "product": "4x6",
                ])
                #expect(received.fileName == MultipartFormBody.quoted(asset.fileName))
                #expect(received.contentType == "image/jpeg")
                #expect(received.idempotencyKey == "ord_test-dest-\(asset.index)")
            }
        }
    }

    @Test func concurrentModeNeverRunsMoreThanItsCapAndReachesIt() async throws {
        let assets = try TestAssets(count: 7, bytes: 20_000)
        defer { assets.remove() }
        // Each upload is held until the cap is reached (or no more will start), so overlap is certain, not timed.
        let receiver = Receiver(hold: { receiver, _ in
            _ = try await eventually { receiver.inFlight.value >= 3 || receiver.started.value == 7 }
        })
        try await OrderTestServer.with(receiver.router) { server in
            let outcome = try await destination(server, mode: .concurrent(maximum: 3)).deliver(assets.delivery(), progress: { _ in })
            #expect(outcome == .delivered)
            #expect(receiver.maxInFlight.value == 3)
            #expect(receiver.uploads.value.count == 7)
        }
    }

    @Test func sequentialModeSendsOneAtATimeWithTheSpacingBetween() async throws {
        let assets = try TestAssets(count: 4, bytes: 20_000)
        defer { assets.remove() }
        let receiver = Receiver()
        try await OrderTestServer.with(receiver.router) { server in
            let pause: @Sendable (Duration) async throws -> Void = { duration in receiver.log.update { $0.append("pause \(duration)") } }
            let outcome = try await destination(server, mode: .sequential(spacing: .milliseconds(1500)), pause: pause)
                .deliver(assets.delivery(), progress: { _ in })
            #expect(outcome == .delivered)
            #expect(receiver.maxInFlight.value == 1)
            #expect(receiver.log.value == [
                "start 0", "end 0", "pause 1.5 seconds", "start 1", "end 1", "pause 1.5 seconds",
                "start 2", "end 2", "pause 1.5 seconds", "start 3", "end 3",
            ])
        }
    }

    @Test func aRetrySendsOnlyWhatWasNotAcknowledged() async throws {
        let assets = try TestAssets(count: 4, bytes: 20_000)
        defer { assets.remove() }
        let receiver = Receiver()
        let progress = ProgressLog()
        try await OrderTestServer.with(receiver.router) { server in
            let outcome = try await destination(server, mode: .standard).deliver(assets.delivery(acknowledged: [0, 2]), progress: progress.progress)
            #expect(outcome == .delivered)
            #expect(receiver.uploads.value.keys.sorted() == [1, 3])
            #expect(progress.results.value.map(\.index).sorted() == [1, 3])
        }
    }

    @Test func aFourHundredFailsThatItemAloneAndTheOthersLand() async throws {
        let assets = try TestAssets(count: 3, bytes: 20_000)
        defer { assets.remove() }
        let receiver = Receiver(status: { $0 == 1 ? .unprocessableContent : .ok })
        let progress = ProgressLog()
        try await OrderTestServer.with(receiver.router) { server in
            let outcome = try await destination(server, mode: .standard).deliver(assets.delivery(), progress: progress.progress)
            #expect(outcome == .partiallyDelivered)
            let results = progress.byIndex
            #expect(results[0]?.delivered == true)
            #expect(results[2]?.delivered == true)
            #expect(results[1]?.delivered == false)
            #expect(results[1]?.errorCode == "invalid-data")
            #expect(results[1]?.message?.contains("HTTP 422") == true)
        }
    }

    @Test func aServerErrorThrowsSoThePipelineRetriesAndKeepsWhatLanded() async throws {
        let assets = try TestAssets(count: 3, bytes: 20_000)
        defer { assets.remove() }
        let receiver = Receiver(status: { $0 == 2 ? .serviceUnavailable : .ok })
        let progress = ProgressLog()
        try await OrderTestServer.with(receiver.router) { server in
            let upload = try destination(server, mode: .sequential(spacing: .zero))
            let error = await #expect(throws: PhotoSourceError.self) { try await upload.deliver(assets.delivery(), progress: progress.progress) }
            #expect(error?.code == .connection)
            #expect(progress.results.value.map(\.index) == [0, 1])
        }
    }

    @Test func aDestinationOnANonHTTPURLIsRefusedWhenBuilt() throws {
        #expect(throws: PhotoSourceError.self) {
            try HTTPUploadDestination(.init(id: "bad", url: URL(string: "ftp://example.com/in")!))
        }
        #expect(throws: PhotoSourceError.self) {
            try HTTPUploadDestination(.init(id: "bad", url: URL(string: "https://example.com/in")!, mode: .concurrent(maximum: 0)))
        }
    }
}
