import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import PhotoSourceService
@testable import SampleSources
import Testing

/// Orders meeting trouble half way, end to end through the real service: a customer's sign-in
/// revoked while the originals are fetched, and a cancel while a slow endpoint receives them.
@Suite("Orders that meet trouble")
struct OrderFailureTests {
    /// The lines of `order` by index.
    static func lines(_ order: [String: Any]) -> [[String: Any]] { (order["items"] as? [[String: Any]]) ?? [] }

    /// The first destination's acknowledged item indexes.
    static func delivered(_ order: [String: Any]) -> [Int] {
        let destination = (order["destinations"] as? [[String: Any]])?.first ?? [:]
        return ((destination["items"] as? [[String: Any]]) ?? []).filter { $0["delivered"] as? Bool == true }.compactMap { $0["index"] as? Int }.sorted()
    }

    /// A service on a demo cloud of four photos whose every call takes 400 ms, fetching one line
    /// at a time (so a test sees the first line land while the others are still fetched), with an
    /// order of the four placed under `key`: `body` gets the harness, the session, the cloud and the
    /// order's id.
    static func slowCloudOrder(
        key: String, _ body: @Sendable (ServiceHarness, String, DemoCloud, String) async throws -> Void
    ) async throws {
        let cloud = DemoCloud.Configuration(
            albums: [.init(title: "Prints", photoCount: 4)], photoSizes: [PixelSize(width: 1600, height: 1200)], autoApprove: true)
        let configure: @Sendable (inout ServiceConfiguration) -> Void = { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.orders.fetchConcurrency = 1
        }
        try await CloudOriginalsTests.run(cloud: cloud, configure: configure) { harness, token, cloud, _ in
            let photos = try await CloudOriginalsTests.photoIDs(harness, token: token)
            #expect(photos.count == 4)
            cloud.updateFaults { $0.latency = .milliseconds(400) }
            let created = try await harness.postOrder(ServiceHarness.orderBody(photos, source: "cloud"), token: token, key: key)
            #expect(created.status == .created, "\(String(buffer: created.body))")
            try await body(harness, token, cloud, try #require(try ServiceHarness.object(created)["id"] as? String))
        }
    }

    @Test("the customer's sign-in is revoked mid-order: the lines fetched after it fail alone with its code, the others are delivered")
    func signInRevokedMidOrder() async throws {
        // One line at a time, so the lines after the first are fetched after the revocation.
        try await Self.slowCloudOrder(key: "revoke-1") { harness, token, cloud, id in
            // When: the first line is in the asset store, the customer's grant is revoked at the provider
            var landed = false
            for _ in 0..<1200 where !landed {
                let order = try ServiceHarness.object(try await harness.get("/v1/orders/\(id)", token: ServiceHarness.apiKey))
                landed = Self.lines(order).first?["state"] as? String == "materialised"
                if !landed { try await Task.sleep(for: .milliseconds(50)) }
            }
            try #require(landed)
            cloud.revokeAllGrants()
            // Then: the last line, fetched after the revocation, failed alone with the SDK's code
            // for a sign-in the provider no longer honours; the first was delivered.
            let order = try await harness.waitForOrder(id, token: token)
            #expect(order["status"] as? String == "partiallyDelivered")
            let lines = Self.lines(order)
            #expect(lines.first?["state"] as? String == "materialised")
            #expect(lines.last?["state"] as? String == "failed")
            #expect(lines.last?["errorCode"] as? String == "not-logged-in")
            #expect(lines.last?["message"] as? String != nil)
            let failed = lines.filter { $0["state"] as? String == "failed" }
            #expect(failed.allSatisfy { $0["errorCode"] as? String == "not-logged-in" })
            let materialised = lines.filter { $0["state"] as? String == "materialised" }.compactMap { $0["fileName"] as? String }
            #expect(Self.delivered(order) == lines.filter { $0["state"] as? String == "materialised" }.compactMap { $0["index"] as? Int })
            let folder = harness.orderFolder.appendingPathComponent(id)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "manifest.json" }
            #expect(files.sorted() == materialised.sorted())
        }
    }

    @Test("cancel while the originals are fetched: the photos the folder destination had staged are removed")
    func cancelWhileStaging() async throws {
        try await Self.slowCloudOrder(key: "cancel-staged") { harness, token, _, id in
            let root = harness.orderFolder
            let hidden: @Sendable () -> [String] = {
                ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasPrefix(".") }
            }
            // The first line is fetched and staged while the others still download.
            try #require(try await eventually(.seconds(60)) { hidden().contains { $0.hasPrefix(".\(id).staging-") } })
            // When
            let cancel = try await harness.client.execute(uri: "/v1/orders/\(id)", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(cancel.status == .ok)
            // Then: once the fetching job ends, no delivery will claim the staged photos, and they are gone.
            #expect(try await eventually(.seconds(60)) { hidden().isEmpty }, "left: \(hidden())")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(id).path))
        }
    }

    /// An upload endpoint that stalls on one item of one order until released, recording what arrives.
    final class StallingEndpoint: Sendable {
        /// `(orderId, index)` of every upload that arrived, in order.
        let arrivals = Shared<[String]>([])
        /// The upload to hold (`orderId/index`), and whether the test released it.
        let stallOn = Shared<String?>(nil)
        let released = Shared(false)

        var router: Router<BasicRequestContext> {
            let router = Router()
            router.post("/upload") { [self] request, _ -> Response in
                let type = request.headers[.contentType] ?? ""
                let body = try await request.body.collect(upTo: 16 << 20)
                let fields = MultipartFormParts(Data(buffer: body), contentType: type)?.fields ?? [:]
                let upload = "\(fields["orderId"] ?? "")/\(fields["index"] ?? "")"
                arrivals.update { $0.append(upload) }
                if upload == stallOn.value {
                    _ = try await eventually(.seconds(90)) { released.value }  // a slow lab, until the test says
                }
                return Response(status: .ok)
            }
            return router
        }
    }

    @Test("cancel while a slow endpoint receives the order: what was delivered is reported, the rest is cancelled, nothing goes out after")
    func cancelMidDelivery() async throws {
        let endpoint = StallingEndpoint()
        try await OrderTestServer.with(endpoint.router) { server in
            try await ServiceHarness.run(configure: { configuration in
                ServiceHarness.orderConfiguration(&configuration)
                configuration.destinations = [DestinationConfiguration(
                    id: "uploads", kind: "httpUpload", settings: ["url": .string(server.origin + "/upload"), "mode": .string("sequential")])]
                // One worker, so the next order runs only once this one's job has ended; a long lease,
                // so the job learns of the cancel from the pipeline, not from a lease renewal.
                configuration.orders.workers = 1
                configuration.orders.leaseSeconds = 60
            }) { harness in
                let token = try await harness.newSession().token
                let id = try await harness.placeOrder(["Album/sunset.jpg", "Album/field.png", "portrait.jpg"], token: token)
                endpoint.stallOn.update { $0 = "\(id)/1" }
                #expect(try await eventually(.seconds(90)) { endpoint.arrivals.value.contains("\(id)/1") })
                // When
                let cancel = try await harness.client.execute(uri: "/v1/orders/\(id)", method: .delete, headers: [.authorization: "Bearer \(token)"])
                endpoint.released.update { $0 = true }
                // Then: the answer reports the item already delivered, and the order is cancelled
                #expect(cancel.status == .ok)
                let answer = try ServiceHarness.object(cancel)
                #expect(answer["status"] as? String == "cancelled")
                #expect(Self.delivered(answer) == [0])
                #expect((answer["destinations"] as? [[String: Any]])?.first?["state"] as? String == "cancelled")
                // The next order is delivered, so the worker has let go of the cancelled one…
                let next = try await harness.placeOrder(["portrait.jpg"], token: token)
                #expect(try await harness.waitForOrder(next, token: token)["status"] as? String == "delivered")
                // …and no upload of the cancelled order started after the cancel.
                #expect(endpoint.arrivals.value.filter { $0.hasPrefix(id) } == ["\(id)/0", "\(id)/1"])
                let order = try ServiceHarness.object(try await harness.get("/v1/orders/\(id)", token: token))
                #expect(order["status"] as? String == "cancelled")
                #expect(!Self.delivered(order).contains(2))
            }
        }
    }
}
