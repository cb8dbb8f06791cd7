import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle

extension OrdersController {
    /// `GET /v1/orders/{id}/events`: the order's history as Server-Sent Events (`id`, `event`,
    /// `data` per row of `order_events`), from after `Last-Event-ID` when given, then new events
    /// as they are written (the table is polled, so any instance serves any client).
    ///
    /// The stream ends once the order has ended and every event was sent, after
    /// ``OrderSettings/eventStreamSeconds``, or at shutdown; a client resumes with `Last-Event-ID`.
    func events(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let order = try await visibleOrder(request, context)
        let store = try dependencies.orderStore()
        let settings = dependencies.configuration.orders
        let resumeHeader = request.headers[HTTPField.Name("Last-Event-ID")!] ?? request.uri.queryParameters["lastEventId"].map(String.init)
        let start = Int64(resumeHeader ?? "0") ?? 0
        let orderID = order.id
        let body = ResponseBody { writer in
            var last = start
            let deadline = ContinuousClock.now + .seconds(settings.eventStreamSeconds)
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            while ContinuousClock.now < deadline, !Task.isCancelled, !Task.isShuttingDownGracefully {
                let batch = try await store.events(order: orderID, after: last, limit: 100)
                for event in batch {
                    try await writer.write(ByteBuffer(string: "id: \(event.id)\nevent: \(event.type)\ndata: \(event.data)\n\n"))
                    last = event.id
                }
                if batch.count == 100 { continue }
                // Ended and caught up: nothing more will come.
                if try await store.order(id: orderID)?.status.isFinal ?? true,
                   try await store.events(order: orderID, after: last, limit: 1).isEmpty {
                    break
                }
                try? await Task.sleep(for: .seconds(settings.pollIntervalSeconds))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store", HTTPField.Name("X-Accel-Buffering")!: "no"],
            body: body)
    }
}
