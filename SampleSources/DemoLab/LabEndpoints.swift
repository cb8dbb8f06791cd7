import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// `POST /v4.0/Orders` (Prodigi's path and shape), `POST /v4/orders` (Gelato's), each with its
/// cancel action, `GET /v4.0/Orders/{id}` and `GET /v4/orders/{id}` (the whole order as received,
/// with what the lab downloaded), and the demo carrier's `GET /tracking/{number}`.
struct LabEndpoints: Sendable {
    let state: LabState

    func register(on router: Router<BasicRequestContext>) {
        router.post("v4.0/Orders") { request, _ in
            try await create(request) { body, _ in try? JSONDecoder().decode(LabOrderRequest.self, from: body) } answer: { record, outcome, status in
                Self.json(Self.response(record, outcome: outcome), status: status)
            }
        }
        // Gelato v4: POST /v4/orders, and POST /v4/orders/{id}:cancel (one path segment).
        router.post("v4/orders") { request, _ in
            try await create(request) { body, key in
                (try? JSONDecoder().decode(LabGelatoOrder.self, from: body))?.labOrder(idempotencyKey: key)
            } answer: { record, _, status in
                Self.json(LabGelatoResponse(record), status: status)
            }
        }
        // (`:id` like the GET below: the router needs one name for the segment; here it is `{id}:cancel`.)
        router.post("v4/orders/:id") { _, context in
            let action = try context.parameters.require("id")
            guard action.hasSuffix(":cancel") else { return Self.json(["message": "Unknown action \(action)."], status: .notFound) }
            return try cancel(String(action.dropLast(":cancel".count)), refusal: .conflict)
        }
        // The whole order as the lab received it, in either shape's path.
        for path in ["v4.0/Orders/:id", "v4/orders/:id"] {
            router.get(RouterPath(path)) { _, context in
                let id = try context.parameters.require("id")
                guard let record = state.controls.orders.withLock({ $0.records[id] }) else {
                    return Self.json(["outcome": "NotFound", "message": "No order \(id)."], status: .notFound)
                }
                return Self.json(Self.response(record, outcome: "Ok"), status: .ok)
            }
        }
        router.post("v4.0/Orders/:id/actions/cancel") { _, context in
            try cancel(try context.parameters.require("id"), refusal: .ok)
        }
        router.get("tracking/:number") { _, context in
            Self.json(["carrier": "DemoPost", "number": try context.parameters.require("number"), "status": "InTransit"], status: .ok)
        }
    }

    /// The answer to a cancel request: `Cancelled`, or `FailedToCancel` with the reason (already
    /// printing or shipped) and status `refusal` (Prodigi: 200, Gelato: 409); an unknown order is 404.
    private func cancel(_ id: String, refusal: HTTPResponse.Status) throws -> Response {
        guard state.controls.orders.withLock({ $0.records[id] }) != nil else {
            return Self.json(["outcome": "NotFound", "message": "No order \(id)."], status: .notFound)
        }
        state.controls.record { $0.cancelRequests += 1 }
        if let reason = state.controls.orders.withLock({ $0.cancel(id) }) {
            return Self.json(["outcome": "FailedToCancel", "message": reason], status: refusal)
        }
        state.work.withLock { $0[id] }?.cancel()  // the fulfilment stops: nothing is printed or shipped
        return Self.json(["outcome": "Cancelled", "message": "Order \(id) is cancelled."], status: .ok)
    }

    /// Takes an order in either shape: `decode` reads the body (and the `Idempotency-Key`) into the
    /// lab's order, `answer` writes the shape's answer for the record, outcome and status.
    private func create(
        _ request: Request, decode: (Data, String?) -> LabOrderRequest?,
        answer: (DemoLab.OrderRecord, String, HTTPResponse.Status) -> Response
    ) async throws -> Response {
        state.controls.record { $0.orderRequests += 1 }
        let (latency, fails) = state.controls.faults.withLock { ($0.latency, $0.takeOrderFailure()) }
        if latency > .zero { try await state.pause(latency) }
        if fails {
            state.controls.record { $0.injectedErrors += 1 }
            return Self.json(["outcome": "Error", "message": "The demo lab failed on purpose (serverErrorNextOrders)."], status: .internalServerError)
        }
        let body = try await request.body.collect(upTo: 4 << 20)
        guard let order = decode(Data(body.readableBytesView), request.headers[.init("Idempotency-Key")!]) else {
            return Self.json(["outcome": "ValidationFailed", "message": "The body is not an order (Prodigi: merchantReference, items[]; Gelato: orderReferenceId, items[])."], status: .badRequest)
        }
        guard !order.items.isEmpty, order.items.allSatisfy({ !$0.assets.isEmpty && $0.copies > 0 }) else {
            return Self.json(["outcome": "ValidationFailed", "message": "Every order needs items, each with copies and assets."], status: .badRequest)
        }
        let (record, isNew) = state.controls.orders.withLock { $0.order(for: order) }
        guard isNew else {
            state.controls.record { $0.repeatedOrders += 1 }
            return answer(record, "AlreadyExists", .ok)
        }
        LabFulfilment(state: state).start(order, record: record)
        return answer(record, "Created", .created)
    }

    static func response(_ record: DemoLab.OrderRecord, outcome: String) -> LabOrderResponse {
        LabOrderResponse(
            outcome: outcome,
            order: .init(
                id: record.id, merchantReference: record.merchantReference, idempotencyKey: record.idempotencyKey,
                status: .init(stage: record.stage, message: record.message), assetURLs: record.assetURLs, format: record.format,
                currency: record.currency, shippingMethod: record.shippingMethod, recipient: record.recipient, items: record.lines))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
