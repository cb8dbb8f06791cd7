import Foundation
import HTTPTypes
public import Hummingbird
import NIOCore
import PhotoSourceKit

/// `POST /v1/destinations/{destination}/callbacks`: a print lab's signed status callbacks.
///
/// The raw body is checked against the destination's ``PrintLabCallbackVerifier`` before it is
/// parsed; a bad or missing signature answers 401 and applies nothing. A verified report goes
/// to the ``OrderStatusSink``, and its ``DestinationReportOutcome`` is the answer:
///
/// - 200 `{"applied": true, "outcome": "applied"}`: a new stage moved the delivery forward;
/// - 200 `{"applied": false, "outcome": "recorded"}`: an older stage arriving late (or anything
///   after `shipped` or `failed`), kept in the order's events, nothing changed;
/// - 200 `{"applied": false, "outcome": "flagged"}`: `shipped` for an order the lab had confirmed
///   cancelled: kept, the delivery flagged `shippedAfterCancel`, the shop told;
/// - 200 `{"applied": false, "outcome": "duplicate"}`: an event id the lab sent before;
/// - 404: the merchant reference names no order with a delivery to this lab;
/// - 409: the lab order id is not the one the lab answered our order with (or that answer has
///   not been recorded yet: the lab's retry will match).
///
/// Every 200 tells the lab to stop retrying; 404 and 409 change nothing.
public struct PrintLabCallbackController: Sendable {
    /// The largest callback body read (a status event is a few hundred bytes).
    static let maximumBodyBytes = 64 << 10

    private let verifiers: [String: PrintLabCallbackVerifier]
    private let sink: any OrderStatusSink

    /// A controller for the labs in `verifiers` (keyed by destination id) reporting to `sink`.
    public init(verifiers: [String: PrintLabCallbackVerifier], sink: any OrderStatusSink) {
        self.verifiers = verifiers
        self.sink = sink
    }

    /// Registers the route on `router`.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/v1/destinations/:destination/callbacks") { request, context in
            try await receive(request, destination: context.parameters.get("destination") ?? "")
        }
    }

    private func receive(_ request: Request, destination: String) async throws -> Response {
        guard let verifier = verifiers[destination] else {
            return Problem(status: .notFound, code: .notFound, detail: "No print lab destination is called \"\(destination)\".").response()
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.maximumBodyBytes)
        } catch {
            return Problem(status: .contentTooLarge, code: .tooLarge, detail: "A callback body must be at most \(Self.maximumBodyBytes) bytes.").response()
        }
        let report: DestinationReport
        do {
            report = try verifier.report(
                destinationID: destination, signature: request.headers[values: .init(WebhookSigner.headerName)!].first,
                body: Data(buffer.readableBytesView))
        } catch .signature(let refusal) {
            return Problem(status: .unauthorized, code: .authentication, detail: "\(refusal) (\(refusal.code))").response()
        } catch .malformed(let reason) {
            return Problem(status: .badRequest, code: .invalidData, detail: reason).response()
        }
        return Self.response(try await sink.destinationReported(report), report)
    }

    /// The answer to a verified report.
    static func response(_ outcome: DestinationReportOutcome, _ report: DestinationReport) -> Response {
        let lab = report.externalID.map { "lab order \($0)" } ?? "a lab order"
        switch outcome {
        case .applied: return answer("applied", applied: true)
        case .recorded: return answer("recorded", applied: false)
        case .flagged: return answer("flagged", applied: false)
        case .duplicate: return answer("duplicate", applied: false)
        case .unknownOrder:
            return Problem(
                status: .notFound, code: .notFound,
                detail: "No order \"\(report.orderID)\" was sent to \(report.destinationID); check the merchant reference.").response()
        case .otherExternalOrder(let recorded):
            return Problem(
                status: .conflict, code: .invalidData,
                detail: "Order \(report.orderID) is lab order \(recorded) at \(report.destinationID), not \(lab); nothing was changed.").response()
        case .externalOrderNotYetKnown:
            return Problem(
                status: .conflict, code: .invalidData,
                detail: "Order \(report.orderID) has no lab order recorded at \(report.destinationID) yet, so \(lab) cannot be matched; retry shortly.").response()
        }
    }

    private static func answer(_ outcome: String, applied: Bool) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"applied":\#(applied),"outcome":"\#(outcome)"}"#)))
    }
}
