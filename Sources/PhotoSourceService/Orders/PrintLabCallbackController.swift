import Foundation
import HTTPTypes
public import Hummingbird
import NIOCore
import PhotoSourceKit

/// `POST /v1/destinations/{destination}/callbacks`: a print lab's signed status callbacks.
///
/// The raw body is checked against the destination's ``PrintLabCallbackVerifier`` before it is
/// parsed; a bad or missing signature answers 401 and applies nothing. A verified report goes
/// to the ``OrderStatusSink``, which applies each event id once, so a lab's repeats and replays
/// change nothing (they still answer 200, so the lab stops retrying).
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
        try await sink.destinationReported(report)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: "{\"applied\":true}")))
    }
}
