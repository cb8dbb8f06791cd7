import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import SampleSources
import Testing
@testable import PhotoSourceService

/// `DELETE /v1/orders/{id}` reaches the labs: one order to two demo labs, one held while
/// printing (it refuses), one held before (it confirms); the answer and the shop's webhook say
/// which, per destination, and a `shipped` callback from the lab that confirmed is flagged.
@Suite("Orders: cancellation reaches the lab")
struct LabCancellationTests {
    /// A `printLab` destination `id` for the demo lab on `port`, signed with ``OrderLabTests/secret``.
    static func lab(_ id: String, port: Int) throws -> DestinationConfiguration {
        try OrderLabTests.labDestination(OrderLabTests.ordersURL(port: port), id: id)
    }

    /// Starts a demo lab on `port` calling back destination `id` of the service on `servicePort`.
    static func startLab(_ id: String, port: Int, servicePort: Int, holdAt: DemoLab.Faults.HoldStage?) async throws -> DemoLab {
        let lab = DemoLab()
        lab.faults = DemoLab.Faults(holdAt: holdAt)
        _ = try await lab.start(port: port, configuration: .init(
            callbackURL: URL(string: "http://127.0.0.1:\(servicePort)/v1/destinations/\(id)/callbacks"), callbackSecret: OrderLabTests.secret,
            trustedOrigins: ["http://127.0.0.1:\(servicePort)"], stageInterval: .zero, retryDelay: .milliseconds(20), callbackAttempts: 500,
            logsLifecycle: false))
        return lab
    }

    /// The destinations of a JSON order, by id.
    static func destinations(_ order: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: ((order["destinations"] as? [[String: Any]]) ?? []).map { ($0["id"] as? String ?? "", $0) })
    }

    @Test("a lab that is printing refuses and stays delivered with its reason; one that is not confirms and is cancelled; the webhook says which")
    func printingRefusesOtherConfirms() async throws {
        let (printingPort, waitingPort) = (try LoopbackPort.free(), try LoopbackPort.free())
        try await WebhookOrderUpdateTests.run(destinations: { _ in
            [try! Self.lab("printing", port: printingPort), try! Self.lab("waiting", port: waitingPort)]
        }) { harness, receiver in
            let port = try #require(harness.client.port)
            let printing = try await Self.startLab("printing", port: printingPort, servicePort: port, holdAt: .printing)
            let waiting = try await Self.startLab("waiting", port: waitingPort, servicePort: port, holdAt: .downloaded)
            do {
                try await Self.cancelBoth(harness, receiver, printing: printing, waiting: waiting)
            } catch {
                await printing.stop()
                await waiting.stop()
                throw error
            }
            await printing.stop()
            await waiting.stop()
        }
    }

    /// The body of ``printingRefusesOtherConfirms()``, with both labs running.
    static func cancelBoth(_ harness: ServiceHarness, _ receiver: WebhookReceiver, printing: DemoLab, waiting: DemoLab) async throws {
        let id = try await harness.placeOrder(["portrait.jpg"], token: ServiceHarness.apiKey)
        #expect(try await eventually(.seconds(60)) { printing.orders.first?.stage == "printing" && waiting.orders.first?.stage == "downloaded" })
        let ready = try await harness.waitForOrder(id, token: ServiceHarness.apiKey)  // both labs downloaded: delivered
        #expect(ready["status"] as? String == "delivered")
        // When
        let response = try await harness.client.execute(
            uri: "/v1/orders/\(id)", method: .delete, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
        // Then: the answer says, per destination, what each lab did
        #expect(response.status == .ok)
        let answer = try ServiceHarness.object(response)
        #expect(answer["status"] as? String == "partiallyDelivered")
        let byLab = Self.destinations(answer)
        #expect(byLab["printing"]?["state"] as? String == "delivered")
        let refusal = try #require(byLab["printing"]?["cancellation"] as? [String: String])
        #expect(refusal["outcome"] == "refused")
        #expect(refusal["reason"]?.contains("printing") == true)
        #expect(byLab["waiting"]?["state"] as? String == "cancelled")
        #expect(byLab["waiting"]?["stage"] as? String == "cancelled")
        #expect((byLab["waiting"]?["cancellation"] as? [String: String])?["outcome"] == "confirmed")
        #expect(waiting.orders.first?.stage == "cancelled")
        #expect(printing.orders.first?.stage == "printing")
        // The shop's webhook carries the same per destination.
        #expect(try await eventually(.seconds(60)) {
            let reported = WebhookOrderUpdateTests.deliveries(receiver, order: id).compactMap { $0["cancellation"] as? [String: String] }
            return reported.map { $0["outcome"] ?? "" }.sorted() == ["confirmed", "refused"]
        })
        // When: the lab that confirmed ships anyway
        let shipped = try await OrderLabCallbackTests.callback(
            harness, destination: "waiting", event: "evt_late_ship", stage: "shipped", labOrder: "ord_1", merchantReference: id)
        // Then: recorded, flagged, surfaced
        #expect(shipped.status == .ok)
        #expect(shipped.json["outcome"] as? String == "flagged")
        let after = Self.destinations(try ServiceHarness.object(try await harness.get("/v1/orders/\(id)", token: ServiceHarness.apiKey)))
        #expect(after["waiting"]?["state"] as? String == "cancelled")
        #expect(after["waiting"]?["alert"] as? String == "shippedAfterCancel")
        #expect(try await eventually(.seconds(60)) {
            WebhookOrderUpdateTests.deliveries(receiver, order: id).contains { $0["alert"] as? String == "shippedAfterCancel" }
        })
    }
}
