import Foundation
import Hummingbird
import NIOCore
import PhotoNetworking
import PhotoSourceKit
import SampleSources
import Testing
@testable import PhotoSourceService

/// `PrintLabDestination` and `PrintLabCallbackController` against the demo lab, with assets and
/// the callback endpoint on a loopback server standing in for the service.
@Suite("Print lab destination and callbacks")
struct PrintLabDestinationTests {
    static let secret = "lab-callback-secret-0123456789"

    /// The service side of a test: assets under `/assets/{index}`, callbacks for destination `lab`.
    struct Service {
        let assets: TestAssets
        let sink = RecordingSink()
        let assetRequests = Shared(0)

        var router: Router<BasicRequestContext> {
            let router = Router()
            router.get("/assets/:index") { [assets, assetRequests] _, context -> Response in
                assetRequests.update { $0 += 1 }
                let index = try context.parameters.require("index", as: Int.self)
                guard assets.assets.indices.contains(index) else { return Response(status: .notFound) }
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: try assets.bytes(index))))
            }
            PrintLabCallbackController(verifiers: ["lab": try! PrintLabCallbackVerifier(secrets: [PrintLabDestinationTests.secret])], sink: sink)
                .addRoutes(to: router)
            return router
        }
    }

    /// Runs `body` with the service server, a started demo lab calling it back, and a destination for the lab.
    private func withLab(
        assetCount: Int = 2, faults: DemoLab.Faults = .none,
        _ body: @Sendable (Service, DemoLab, PrintLabDestination, TestAssets) async throws -> Void
    ) async throws {
        let stored = try TestAssets(count: assetCount, bytes: 150_000)
        defer { stored.remove() }
        let service = Service(assets: stored)
        try await OrderTestServer.with(service.router) { server in
            let assets = stored.withOriginals { server.url("/assets/\($0)") }
            let lab = DemoLab()
            lab.faults = faults
            _ = try await lab.start(configuration: .init(
                callbackURL: server.url("/v1/destinations/lab/callbacks"), callbackSecret: Self.secret,
                trustedOrigins: [server.origin], stageInterval: .zero, retryDelay: .milliseconds(20), logsLifecycle: false))
            do {
                let destination = try PrintLabDestination(.init(
                    id: "lab", ordersURL: try #require(lab.ordersURL), apiKey: "lab-key", skus: ["4x6": "GLOBAL-PHO-4X6"],
                    recipient: .init(name: "Ada", address: .init(line1: "1 Loop Road", postalOrZipCode: "12345", countryCode: "GB", townOrCity: "London"))))
                try await body(service, lab, destination, assets)
            } catch {
                await lab.stop()
                throw error
            }
            await lab.stop()
        }
    }

    @Test func theLabAcceptsDownloadsEveryAssetChecksItsMD5AndReportsEachStage() async throws {
        try await withLab { service, lab, destination, assets in
            let progress = ProgressLog()
            // When
            let outcome = try await destination.deliver(assets.delivery(), progress: progress.progress)
            // Then
            #expect(outcome == .accepted(externalID: "ord_1"))
            #expect(progress.results.value.map(\.index).sorted() == [0, 1])
            #expect(try await eventually { service.sink.stages.last == "shipped" })
            #expect(service.sink.stages == ["received", "downloaded", "printed", "shipped"])
            #expect(service.sink.applied.value.allSatisfy { $0.orderID == "ord_test" && $0.destinationID == "lab" })
            #expect(service.assetRequests.value == 2)
            #expect(lab.statistics.assetDownloads == 2)
            #expect(lab.orders.map(\.stage) == ["shipped"])
        }
    }

    @Test func theWrongMD5SwitchProducesAFailedReport() async throws {
        try await withLab(faults: .init(reportWrongMD5: true)) { service, _, destination, assets in
            _ = try await destination.deliver(assets.delivery(), progress: { _ in })
            #expect(try await eventually { service.sink.stages.last == "failed" })
            #expect(service.sink.stages == ["received", "failed"])
            #expect(service.sink.applied.value.last?.message?.contains("MD5 mismatch for item 0") == true)
        }
    }

    @Test func duplicateCallbacksAreAppliedOnce() async throws {
        try await withLab(faults: .init(duplicateCallbacks: true)) { service, lab, destination, assets in
            _ = try await destination.deliver(assets.delivery(), progress: { _ in })
            #expect(try await eventually { lab.statistics.callbacksDelivered == 8 })
            #expect(service.sink.stages == ["received", "downloaded", "printed", "shipped"])
            #expect(service.sink.repeats.value == 4)
        }
    }

    @Test func refusedDownloadsAreRetriedByTheLab() async throws {
        try await withLab(faults: .init(refuseNextDownloads: 2)) { service, lab, destination, assets in
            _ = try await destination.deliver(assets.delivery(), progress: { _ in })
            #expect(try await eventually { service.sink.stages.last == "shipped" })
            #expect(lab.statistics.failedDownloads == 2)
            #expect(service.assetRequests.value == 2)
        }
    }

    @Test func aServerErrorThrowsAndTheRetryIsAcceptedOnceByIdempotencyKey() async throws {
        try await withLab(faults: .init(serverErrorNextOrders: 1)) { _, lab, destination, assets in
            // When: the first attempt meets a 500
            let error = await #expect(throws: PhotoSourceError.self) { try await destination.deliver(assets.delivery(), progress: { _ in }) }
            #expect(error?.code == .connection)
            // Then: the caller's retry is accepted, and a repeat gets the same lab order
            let retried = try await destination.deliver(assets.delivery(), progress: { _ in })
            let repeated = try await destination.deliver(assets.delivery(), progress: { _ in })
            #expect(retried == .accepted(externalID: "ord_1"))
            #expect(repeated == .accepted(externalID: "ord_1"))
            #expect(lab.orders.count == 1)
            #expect(lab.statistics.repeatedOrders == 1)
            #expect(lab.statistics.injectedErrors == 1)
        }
    }

    @Test func anAssetWithoutAURLOrAProductWithoutASKUFailsWithoutSending() async throws {
        let assets = try TestAssets(count: 1)
        defer { assets.remove() }
        let destination = try PrintLabDestination(.init(
            id: "lab", ordersURL: URL(string: "http://127.0.0.1:9/v4.0/Orders")!, skus: [:],
            recipient: .init(name: "Ada", address: .init(line1: "1", postalOrZipCode: "1", countryCode: "GB", townOrCity: "L"))))
        let outcome = try await destination.deliver(assets.delivery(), progress: { _ in })
        guard case .failed(let code, let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(code == "invalid-data")
        #expect(message.contains("asset URL"))
    }

    @Test func theLabOrderHasProdigisShape() throws {
        let assets = try TestAssets(count: 2, assetURL: { URL(string: "https://photos.example/v1/originals/sig/\($0)")! })
        defer { assets.remove() }
        let destination = try PrintLabDestination(.init(
            id: "lab", ordersURL: URL(string: "https://api.lab.example/v4.0/Orders")!, skus: ["4x6": "GLOBAL-PHO-4X6"],
            shippingMethod: "Budget",
            recipient: .init(name: "Ada", address: .init(line1: "1", postalOrZipCode: "1", countryCode: "GB", townOrCity: "L"))))
        let order = try destination.labOrder(for: assets.delivery(key: "idem-1"))
        #expect(order.merchantReference == "ord_test")
        #expect(order.idempotencyKey == "idem-1")
        #expect(order.shippingMethod == "Budget")
        #expect(order.items.map(\.sku) == ["GLOBAL-PHO-4X6", "GLOBAL-PHO-4X6"])
        #expect(order.items.map(\.copies) == [1, 2])
        #expect(order.items[1].assets == [.init(printArea: "default", url: "https://photos.example/v1/originals/sig/1", md5Hash: assets.assets[1].md5)])
        #expect(order.metadata["reference"] == "shop-42")
    }
}
