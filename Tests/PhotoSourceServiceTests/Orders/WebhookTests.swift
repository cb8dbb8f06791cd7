import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PhotoNetworking
import PhotoSourceKit
import Testing
@testable import PhotoSourceService

/// `WebhookSigner` and `WebhookSender`: Stripe-style signatures and at-least-once delivery.
@Suite("Webhooks to the shop")
struct WebhookTests {
    let signer = try! WebhookSigner(secrets: ["shop-webhook-secret-1", "shop-webhook-secret-0"])

    @Test func aSignatureVerifiesAndATamperedBodyDoesNot() throws {
        let body = Data(#"{"id":"evt_1"}"#.utf8)
        let header = signer.signature(for: body)
        #expect(header.hasPrefix("t="))
        #expect(header.contains(",v1="))
        try signer.verify(header: header, body: body)
        #expect(throws: WebhookSigner.Refusal.mismatch) { try signer.verify(header: header, body: Data(#"{"id":"evt_2"}"#.utf8)) }
        #expect(throws: WebhookSigner.Refusal.outsideTolerance) {
            try signer.verify(header: signer.signature(for: body, at: Date().addingTimeInterval(-600)), body: body)
        }
        #expect(throws: WebhookSigner.Refusal.malformed) { try signer.verify(header: "v1=abc", body: body) }
    }

    @Test func theFirstKeySignsAndEveryKeyVerifies() throws {
        let body = Data("x".utf8)
        let old = try WebhookSigner(secrets: ["shop-webhook-secret-0"])
        try signer.verify(header: old.signature(for: body), body: body)
        #expect(throws: WebhookSigner.Refusal.mismatch) { try old.verify(header: signer.signature(for: body), body: body) }
    }

    @Test func aShortSecretIsRefused() {
        #expect(throws: PhotoSourceError.self) { try WebhookSigner(secrets: ["short"]) }
        #expect(throws: PhotoSourceError.self) { try WebhookSigner(secrets: []) }
    }

    @Test func theScheduleIsExponentialWithFullJitterUnderACeiling() {
        let schedule = WebhookRetrySchedule(maxAttempts: 10, baseDelay: .milliseconds(100), maxDelay: .milliseconds(500))
        #expect((1...5).map { schedule.cap(after: $0) } == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(500), .milliseconds(500)])
        #expect(schedule.delay(after: 2, random: 0) == .zero)
        #expect(schedule.delay(after: 2, random: 0.5) == .milliseconds(100))
    }

    /// A shop endpoint answering 500 for the first `failures` requests, then 204; it records each request.
    final class Shop: Sendable {
        let requests = Shared<[(id: String?, signature: String?, body: Data)]>([])
        let failures: Int

        init(failures: Int) { self.failures = failures }

        var router: Router<BasicRequestContext> {
            let router = Router()
            router.post("/hooks") { request, _ -> Response in
                let body = Data(try await request.body.collect(upTo: 1 << 20).readableBytesView)
                let count = self.requests.update { requests -> Int in
                    requests.append((request.headers[.init("Webhook-Id")!], request.headers[.init("Webhook-Signature")!], body))
                    return requests.count
                }
                return Response(status: count <= self.failures ? .internalServerError : .noContent)
            }
            return router
        }
    }

    @Test func failuresAreRetriedOnTheScheduleUntilA2xxWithTheSameEventID() async throws {
        let shop = Shop(failures: 2)
        let pauses = Shared<[Duration]>([])
        try await OrderTestServer.with(shop.router) { server in
            let schedule = WebhookRetrySchedule(maxAttempts: 5, baseDelay: .milliseconds(10), maxDelay: .milliseconds(40))
            let sender = try WebhookSender(
                url: server.url("/hooks"), signer: signer, schedule: schedule, client: .shared,
                pause: { duration in
                    pauses.update { $0.append(duration) }
                    try await Task.sleep(for: duration)
                }, random: { 0.5 })
            let event = WebhookEvent(id: "evt_42", createdAt: Date(timeIntervalSince1970: 1_800_000_000), data: Data(#"{"order":{"id":"ord_1","status":"delivered"}}"#.utf8))
            // When
            try await sender.send(event)
            // Then
            #expect(pauses.value == [.milliseconds(5), .milliseconds(10)])
            let requests = shop.requests.value
            #expect(requests.count == 3)
            for request in requests {
                #expect(request.id == "evt_42")
                #expect(request.body == event.body)
                try signer.verify(header: request.signature, body: request.body)
            }
            let json = try #require(try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any])
            #expect(json["id"] as? String == "evt_42")
            #expect(json["type"] as? String == "order.updated")
            #expect(json["createdAt"] as? String == "2027-01-15T08:00:00.000Z")
            #expect((json["data"] as? [String: Any])?["order"] != nil)
        }
    }

    @Test func theLastFailureIsThrownWhenTheScheduleRunsOut() async throws {
        let shop = Shop(failures: 100)
        try await OrderTestServer.with(shop.router) { server in
            let sender = try WebhookSender(
                url: server.url("/hooks"), signer: signer, schedule: .init(maxAttempts: 3, baseDelay: .milliseconds(1)), client: .shared,
                pause: { _ in }, random: { 1 })
            let error = await #expect(throws: PhotoSourceError.self) { try await sender.send(WebhookEvent(id: "evt_1", data: Data("{}".utf8))) }
            #expect(error?.code == .connection)
            #expect(shop.requests.value.count == 3)
        }
    }
}
