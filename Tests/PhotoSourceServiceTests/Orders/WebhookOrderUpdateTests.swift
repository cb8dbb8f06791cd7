import Foundation
import Hummingbird
import HummingbirdTesting
import PhotoSourceKit
import SampleSources
import Testing
@testable import PhotoSourceService

/// The `order.updated` webhook's `data.delivery` is the object `GET /v1/orders/{id}` lists under
/// `destinations`, byte for byte in meaning, for every way a delivery fails: a folder that cannot
/// be written, an upload endpoint that refuses, a print lab that cannot take the order, and a
/// lab that reports `failed` later.
@Suite("Webhooks: one delivery object, for every failure")
struct WebhookOrderUpdateTests {
    /// The `data.delivery` objects of the events the shop accepted for `order`, in order.
    static func deliveries(_ receiver: WebhookReceiver, order: String) -> [[String: Any]] {
        receiver.accepted.filter { $0.order == order }.compactMap { received in
            let json = (try? JSONSerialization.jsonObject(with: received.body)) as? [String: Any]
            return (json?["data"] as? [String: Any])?["delivery"] as? [String: Any]
        }
    }

    /// Waits for `id` to fail and for the webhook reporting its delivery failed; expects that
    /// delivery to equal GET's, with a code and a message; returns it.
    static func sameObject(_ harness: ServiceHarness, _ receiver: WebhookReceiver, order id: String, token: String) async throws -> [String: Any] {
        let order = try await harness.waitForOrder(id, token: token)
        #expect(order["status"] as? String == "failed")
        let reported = try await eventually(.seconds(60)) { deliveries(receiver, order: id).contains { $0["state"] as? String == "failed" } }
        #expect(reported)
        let fromWebhook = try #require(deliveries(receiver, order: id).last { $0["state"] as? String == "failed" })
        let fromGET = try #require((order["destinations"] as? [[String: Any]])?.first)
        #expect(fromWebhook as NSDictionary == fromGET as NSDictionary)
        #expect(fromGET["errorCode"] is String)
        #expect(fromGET["message"] is String)
        return fromGET
    }

    /// Runs a service configured by `destinations` whose webhook goes to a fresh receiver.
    static func run(
        destinations: @escaping @Sendable (ServiceConfiguration) -> [DestinationConfiguration],
        _ body: @Sendable (ServiceHarness, WebhookReceiver) async throws -> Void
    ) async throws {
        let receiver = WebhookReceiver()
        try await OrderTestServer.with(receiver.router) { server in
            try await ServiceHarness.run(configure: { configuration in
                ServiceHarness.orderConfiguration(&configuration)
                configuration.destinations = destinations(configuration)
                configuration.webhook = WebhookDeliveryTests.settings(server)
            }) { harness in
                try await body(harness, receiver)
            }
        }
    }

    @Test("a folder destination that cannot be written: access-denied, the same in the webhook and GET")
    func folderFailure() async throws {
        try await Self.run(destinations: { configuration in
            // A file where the folder should be.
            let file = URL(fileURLWithPath: configuration.stateDirectory).deletingLastPathComponent().appendingPathComponent("Library/portrait.jpg")
            return [.folder(id: "shop-folder", root: file.path)]
        }) { harness, receiver in
            let (token, _) = try await harness.newSession()
            let id = try await harness.placeOrder(["portrait.jpg"], token: token)
            let delivery = try await Self.sameObject(harness, receiver, order: id, token: token)
            #expect(delivery["id"] as? String == "shop-folder")
            #expect(delivery["kind"] as? String == "folder")
            #expect(delivery["errorCode"] as? String == "access-denied")
        }
    }

    @Test("an upload endpoint that refuses every photo: the delivery's code and each item's, the same in the webhook and GET")
    func httpUploadFailure() async throws {
        let router = Router()
        router.post("/upload") { _, _ in Response(status: .badRequest) }
        try await OrderTestServer.with(router) { endpoint in
            try await Self.run(destinations: { _ in
                [DestinationConfiguration(id: "uploads", kind: "httpUpload", settings: ["url": .string(endpoint.origin + "/upload")])]
            }) { harness, receiver in
                let (token, _) = try await harness.newSession()
                let id = try await harness.placeOrder(["portrait.jpg", "Album/sunset.jpg"], token: token)
                let delivery = try await Self.sameObject(harness, receiver, order: id, token: token)
                #expect(delivery["kind"] as? String == "httpUpload")
                let items = try #require(delivery["items"] as? [[String: Any]])
                #expect(items.count == 2)
                #expect(items.allSatisfy { $0["delivered"] as? Bool == false && $0["errorCode"] is String })
            }
        }
    }

    @Test("a print lab that cannot take the order (no SKU for the product): invalid-data, the same in the webhook and GET")
    func printLabSubmitFailure() async throws {
        let closedPort = try LoopbackPort.free()  // never contacted: the order is refused before it is sent
        try await Self.run(destinations: { _ in [try! OrderLabTests.labDestination(OrderLabTests.ordersURL(port: closedPort))] }) { harness, receiver in
            let (token, _) = try await harness.newSession()
            let created = try await harness.postOrder(ServiceHarness.orderBody(["portrait.jpg"], product: "5x7"), token: token, key: "no-sku")
            let id = try #require(try ServiceHarness.object(created)["id"] as? String)
            let delivery = try await Self.sameObject(harness, receiver, order: id, token: token)
            #expect(delivery["kind"] as? String == "printLab")
            #expect(delivery["errorCode"] as? String == "invalid-data")
            #expect((delivery["message"] as? String)?.contains("no SKU") == true)
        }
    }

    @Test("a print lab's failed callback: errorCode, message and stage in the webhook, as GET shows them")
    func labFailedCallback() async throws {
        let labPort = try LoopbackPort.free()
        try await Self.run(destinations: { _ in [try! OrderLabTests.labDestination(OrderLabTests.ordersURL(port: labPort))] }) { harness, receiver in
            let port = try #require(harness.client.port)
            try await OrderLabTests.withLab(on: labPort, servicePort: port, faults: .init(reportWrongMD5: true)) { _ in
                let (token, _) = try await harness.newSession()
                let id = try await harness.placeOrder(["portrait.jpg"], token: token)
                let delivery = try await Self.sameObject(harness, receiver, order: id, token: token)
                #expect(delivery["stage"] as? String == "failed")
                #expect(delivery["errorCode"] as? String == "invalid-data")
                #expect(delivery["externalId"] is String)
            }
        }
    }
}
