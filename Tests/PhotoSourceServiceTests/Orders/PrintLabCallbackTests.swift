import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import PhotoSourceService

/// `POST /v1/destinations/{destination}/callbacks`: only signed callbacks reach the sink.
@Suite("Print lab callbacks")
struct PrintLabCallbackTests {
    static let secrets = ["current-lab-secret-0123", "previous-lab-secret-0123"]

    static func body(event: String = "evt_1", stage: String = "printed") -> Data {
        Data(#"{"id":"\#(event)","type":"order.stage.changed","time":"2026-11-23T08:00:00Z","data":{"order":{"id":"ord_9","merchantReference":"ord_test","stage":"\#(stage)","message":null}}}"#.utf8)
    }

    private func withController(_ body: @Sendable (any TestClientProtocol, RecordingSink) async throws -> Void) async throws {
        let sink = RecordingSink()
        let router = Router()
        PrintLabCallbackController(verifiers: ["lab": try PrintLabCallbackVerifier(secrets: Self.secrets)], sink: sink).addRoutes(to: router)
        try await Application(router: router).test(.router) { client in try await body(client, sink) }
    }

    private func post(_ client: any TestClientProtocol, _ body: Data, signature: String?, destination: String = "lab") async throws -> HTTPResponse.Status {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let signature { headers[HTTPField.Name("Webhook-Signature")!] = signature }
        return try await client.execute(
            uri: "/v1/destinations/\(destination)/callbacks", method: .post, headers: headers, body: ByteBuffer(bytes: body)
        ) { $0.status }
    }

    @Test func aSignedCallbackBecomesAReport() async throws {
        try await withController { client, sink in
            let body = Self.body()
            let status = try await post(client, body, signature: try WebhookSigner(secrets: Self.secrets).signature(for: body))
            #expect(status == .ok)
            #expect(sink.applied.value == [DestinationReport(orderID: "ord_test", destinationID: "lab", eventID: "evt_1", stage: "printed", externalID: "ord_9")])
        }
    }

    @Test func aCallbackSignedWithThePreviousKeyIsStillAccepted() async throws {
        try await withController { client, sink in
            let body = Self.body()
            let status = try await post(client, body, signature: try WebhookSigner(secrets: [Self.secrets[1]]).signature(for: body))
            #expect(status == .ok)
            #expect(sink.applied.value.count == 1)
        }
    }

    @Test(arguments: ["wrong", "missing", "tampered", "stale", "otherKey"])
    func aBadSignatureIsRejectedWith401AndNothingIsApplied(kind: String) async throws {
        try await withController { client, sink in
            let body = Self.body()
            let signer = try WebhookSigner(secrets: Self.secrets)
            let stranger = try WebhookSigner(secrets: ["someone-elses-secret-42"])
            let (sent, signature): (Data, String?) = switch kind {
            case "wrong": (body, "t=\(Int(Date().timeIntervalSince1970)),v1=" + String(repeating: "ab", count: 32))
            case "missing": (body, nil)
            case "tampered": (Self.body(stage: "shipped"), signer.signature(for: body))
            case "stale": (body, signer.signature(for: body, at: Date().addingTimeInterval(-3600)))
            default: (body, stranger.signature(for: body))
            }
            #expect(try await post(client, sent, signature: signature) == .unauthorized)
            #expect(sink.applied.value.isEmpty)
        }
    }

    @Test func aReplayedCallbackIsAnsweredButAppliedOnce() async throws {
        try await withController { client, sink in
            let body = Self.body()
            let signature = try WebhookSigner(secrets: Self.secrets).signature(for: body)
            #expect(try await post(client, body, signature: signature) == .ok)
            #expect(try await post(client, body, signature: signature) == .ok)
            #expect(sink.applied.value.count == 1)
            #expect(sink.repeats.value == 1)
        }
    }

    /// A sink that answers every report with one outcome.
    struct FixedSink: OrderStatusSink {
        let outcome: DestinationReportOutcome
        func destinationReported(_ report: DestinationReport) async throws -> DestinationReportOutcome { outcome }
    }

    @Test(arguments: [
        (DestinationReportOutcome.applied, 200, #"{"applied":true,"outcome":"applied"}"#),
        (.recorded, 200, #"{"applied":false,"outcome":"recorded"}"#),
        (.duplicate, 200, #"{"applied":false,"outcome":"duplicate"}"#),
        (.unknownOrder, 404, "not-found"),
        (.otherExternalOrder(recorded: "ord_1"), 409, "is lab order ord_1 at lab, not lab order ord_9"),
        (.externalOrderNotYetKnown, 409, "retry shortly"),
    ])
    func eachOutcomeHasItsAnswer(outcome: DestinationReportOutcome, status: Int, text: String) async throws {
        let router = Router()
        PrintLabCallbackController(verifiers: ["lab": try PrintLabCallbackVerifier(secrets: Self.secrets)], sink: FixedSink(outcome: outcome))
            .addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            let body = Self.body()
            let headers: HTTPFields = [
                .contentType: "application/json", HTTPField.Name("Webhook-Signature")!: try WebhookSigner(secrets: Self.secrets).signature(for: body),
            ]
            try await client.execute(uri: "/v1/destinations/lab/callbacks", method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
                #expect(response.status.code == status)
                #expect(String(buffer: response.body).contains(text))
            }
        }
    }

    @Test func anUnknownDestinationOrStageIsRefused() async throws {
        try await withController { client, sink in
            let signer = try WebhookSigner(secrets: Self.secrets)
            let body = Self.body()
            #expect(try await post(client, body, signature: signer.signature(for: body), destination: "nope") == .notFound)
            let odd = Self.body(stage: "lost")
            #expect(try await post(client, odd, signature: signer.signature(for: odd)) == .badRequest)
            #expect(sink.applied.value.isEmpty)
        }
    }
}
