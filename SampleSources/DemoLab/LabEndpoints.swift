import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// `POST /v4.0/Orders` (Prodigi's path) and `GET /v4.0/Orders/{id}`.
struct LabEndpoints: Sendable {
    let state: LabState

    func register(on router: Router<BasicRequestContext>) {
        router.post("v4.0/Orders") { request, _ in try await create(request) }
        router.get("v4.0/Orders/:id") { _, context in
            let id = try context.parameters.require("id")
            guard let record = state.controls.orders.withLock({ $0.records[id] }) else {
                return Self.json(["outcome": "NotFound", "message": "No order \(id)."], status: .notFound)
            }
            return Self.json(Self.response(record, outcome: "Ok"), status: .ok)
        }
        router.get("tracking/:number") { _, context in
            Self.json(["carrier": "DemoPost", "number": try context.parameters.require("number"), "status": "InTransit"], status: .ok)
        }
    }

    private func create(_ request: Request) async throws -> Response {
        state.controls.record { $0.orderRequests += 1 }
        let (latency, fails) = state.controls.faults.withLock { ($0.latency, $0.takeOrderFailure()) }
        if latency > .zero { try await state.pause(latency) }
        if fails {
            state.controls.record { $0.injectedErrors += 1 }
            return Self.json(["outcome": "Error", "message": "The demo lab failed on purpose (serverErrorNextOrders)."], status: .internalServerError)
        }
        let body = try await request.body.collect(upTo: 4 << 20)
        guard let order = try? JSONDecoder().decode(LabOrderRequest.self, from: Data(body.readableBytesView)) else {
            return Self.json(["outcome": "ValidationFailed", "message": "The body is not an order (merchantReference, items[])."], status: .badRequest)
        }
        guard !order.items.isEmpty, order.items.allSatisfy({ !$0.assets.isEmpty && $0.copies > 0 }) else {
            return Self.json(["outcome": "ValidationFailed", "message": "Every order needs items, each with copies and assets."], status: .badRequest)
        }
        let (record, isNew) = state.controls.orders.withLock { $0.order(for: order) }
        guard isNew else {
            state.controls.record { $0.repeatedOrders += 1 }
            return Self.json(Self.response(record, outcome: "AlreadyExists"), status: .ok)
        }
        LabFulfilment(state: state).start(order, record: record)
        return Self.json(Self.response(record, outcome: "Created"), status: .created)
    }

    static func response(_ record: DemoLab.OrderRecord, outcome: String) -> LabOrderResponse {
        LabOrderResponse(
            outcome: outcome,
            order: .init(
                id: record.id, merchantReference: record.merchantReference, idempotencyKey: record.idempotencyKey,
                status: .init(stage: record.stage, message: record.message), assetURLs: record.assetURLs))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
