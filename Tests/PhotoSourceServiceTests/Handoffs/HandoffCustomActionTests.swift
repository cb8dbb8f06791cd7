import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("Hand-offs: the shop's custom actions and the handoff.custom webhook")
struct HandoffCustomActionTests {
    @Test("a custom action answers 202 and sends a signed handoff.custom webhook with a working one-time image URL")
    func customWebhook() async throws {
        let receiver = WebhookReceiver()
        try await OrderTestServer.with(receiver.router) { server in
            try await ServiceHarness.withHandoffs(configure: { configuration in
                configuration.catalog.customActions = [CustomAction(id: "frame-in-store", title: LocalizedText("Frame it in our store"))]
                configuration.webhook = WebhookDeliveryTests.settings(server)
            }) { harness in
                let token = try await harness.customerSession("c-9")
                let response = try await harness.postHandoff(#"{"source": "library", "itemId": "portrait.jpg", "custom": "frame-in-store"}"#, token: token)
                #expect(response.status == .accepted, "\(String(buffer: response.body))")
                let answer = try ServiceHarness.object(response)
                let id = try #require(answer["id"] as? String)
                #expect(answer["custom"] as? String == "frame-in-store")
                #expect(answer["expiresAt"] is String)
                // The webhook arrives, signed, with the hand-off's data.
                var event: WebhookReceiver.Received?
                for _ in 0..<400 where event == nil {
                    event = receiver.received.value.first { $0.type == "handoff.custom" }
                    if event == nil { try await Task.sleep(for: .milliseconds(50)) }
                }
                let received = try #require(event)
                #expect(received.verified)
                let json = try #require(try JSONSerialization.jsonObject(with: received.body) as? [String: Any])
                let data = try #require(json["data"] as? [String: Any])
                #expect(data["handoffId"] as? String == id)
                #expect(data["custom"] as? String == "frame-in-store")
                #expect(data["customer"] as? String == "c-9")
                #expect((data["sessionId"] as? String)?.hasPrefix("ses_") == true)
                #expect(data["source"] as? String == "library")
                #expect(data["itemId"] as? String == "portrait.jpg")
                #expect(data["expiresAt"] as? String == answer["expiresAt"] as? String)
                // The shop's backend fetches the image once.
                #expect(try await harness.fetch(data["imageURL"]).status == .ok)
                #expect(try await harness.fetch(data["imageURL"]).status == .gone)
            }
        }
    }

    @Test("a custom action without a webhook configured is refused with 400 $.custom")
    func noWebhook() async throws {
        try await ServiceHarness.withHandoffs(configure: { configuration in
            configuration.catalog.customActions = [CustomAction(id: "frame-in-store", title: LocalizedText("Frame it"))]
        }) { harness in
            let (token, _) = try await harness.newSession()
            let response = try await harness.postHandoff(#"{"source": "library", "itemId": "portrait.jpg", "custom": "frame-in-store"}"#, token: token)
            #expect(response.status == .badRequest)
            let errors = try ServiceHarness.object(response)["errors"] as? [[String: Any]]
            #expect(errors?.first?["path"] as? String == "$.custom")
        }
    }
}
