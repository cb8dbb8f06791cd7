import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SampleSources
import Testing
@testable import PhotoSourceService

/// `POST /v1/destinations/{id}/callbacks` against real orders: the demo lab accepts the order
/// (and sends no callbacks of its own), the test plays the lab's callbacks.
@Suite("Print lab callbacks against real orders")
struct OrderLabCallbackTests {
    /// A signed callback for `merchantReference` from lab order `labOrder`; its status and JSON body.
    static func callback(
        _ harness: ServiceHarness, destination: String = "lab", event: String, stage: String, labOrder: String, merchantReference: String
    ) async throws -> (status: HTTPResponse.Status, json: [String: Any]) {
        let body = Data(
            #"{"id":"\#(event)","type":"order.stage.changed","time":"2026-11-27T08:00:00Z","data":{"order":{"id":"\#(labOrder)","merchantReference":"\#(merchantReference)","stage":"\#(stage)","message":null}}}"#
                .utf8)
        let signature = try WebhookSigner(secrets: [OrderLabTests.secret]).signature(for: body)
        let response = try await harness.client.execute(
            uri: "/v1/destinations/\(destination)/callbacks", method: .post,
            headers: [.contentType: "application/json", HTTPField.Name("Webhook-Signature")!: signature], body: ByteBuffer(bytes: body))
        return (response.status, (try? ServiceHarness.object(response)) ?? [:])
    }

    /// The order's status and its lab delivery's state and stage, read with the API key.
    static func state(_ harness: ServiceHarness, _ id: String) async throws -> [String?] {
        let order = try ServiceHarness.object(try await harness.get("/v1/orders/\(id)", token: ServiceHarness.apiKey))
        let delivery = (order["destinations"] as? [[String: Any]])?.first ?? [:]
        return [order["status"] as? String, delivery["state"] as? String, delivery["stage"] as? String]
    }

    @Test("wrong lab order → 409 and nothing changes; unknown order → 404; late stages recorded, replays duplicate")
    func callbackRules() async throws {
        let labPort = try LoopbackPort.free()
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.destinations = [try! OrderLabTests.labDestination(OrderLabTests.ordersURL(port: labPort))]
        }) { harness in
            try await OrderLabTests.withLab(on: labPort, servicePort: try #require(harness.client.port), faults: .none, callbacks: false) { lab in
                let id = try await harness.placeOrder(["Album/sunset.jpg"], token: ServiceHarness.apiKey)
                #expect(try await eventually(.seconds(60)) { lab.orders.first?.merchantReference == id })
                for _ in 0..<600 {
                    if try await Self.state(harness, id)[1] == "accepted" { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(try await Self.state(harness, id) == ["delivering", "accepted", nil])
                func send(_ event: String, _ stage: String, lab labOrder: String = "ord_1", order: String = id) async throws -> (HTTPResponse.Status, String?) {
                    let (status, json) = try await Self.callback(harness, event: event, stage: stage, labOrder: labOrder, merchantReference: order)
                    return (status, json["outcome"] as? String)
                }
                // A lab order the lab never made for this order: refused, nothing changes.
                #expect(try await send("evt_x", "failed", lab: "ord_999") == (.conflict, nil))
                #expect(try await Self.state(harness, id) == ["delivering", "accepted", nil])
                // A merchant reference that names no order.
                #expect(try await send("evt_y", "printed", order: "ord_nope") == (.notFound, nil))
                // Forward stages apply; older ones and contradictions are recorded only; replays are duplicates.
                #expect(try await send("evt_1", "received") == (.ok, "applied"))
                #expect(try await send("evt_4", "shipped") == (.ok, "applied"))
                #expect(try await Self.state(harness, id) == ["delivered", "delivered", "shipped"])
                #expect(try await send("evt_3", "printed") == (.ok, "recorded"))
                #expect(try await send("evt_5", "failed") == (.ok, "recorded"))
                #expect(try await send("evt_4", "shipped") == (.ok, "duplicate"))
                #expect(try await send("evt_x", "failed") == (.ok, "recorded"))  // the refused id was not used up
                #expect(try await Self.state(harness, id) == ["delivered", "delivered", "shipped"])
                let events = try OrderEventsTests.events(String(buffer: try await harness.get("/v1/orders/\(id)/events", token: ServiceHarness.apiKey).body))
                let reports = events.filter { $0.type == "order.delivery" && $0.data["eventId"] != nil }
                #expect(reports.map { "\($0.data["stage"] ?? "")\($0.data["currentStage"].map { " (kept \($0))" } ?? "")" } == [
                    "received", "shipped", "printed (kept shipped)", "failed (kept shipped)", "failed (kept shipped)",
                ])
            }
        }
    }
}
