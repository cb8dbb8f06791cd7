import Foundation
import Hummingbird
import PhotoSourceKit

/// `POST /v1/orders` (customer token, or the API key for orders the shop's backend makes, with
/// an `Idempotency-Key`), `GET /v1/orders/{id}`, `DELETE /v1/orders/{id}` (cancel: each print lab
/// that has the order is asked first, ``LabCancellationRequests``) and
/// `GET /v1/orders/{id}/events` (Server-Sent Events, in `+Events`).
///
/// A session sees only its own orders (another's answer 404, as if they did not exist); the
/// API key sees every order.
struct OrdersController {
    let dependencies: ServiceDependencies

    /// Who is asking: the owner orders are filed under, and the session whose sign-ins fetch.
    struct Caller {
        let owner: String
        let session: String?
        var isShop: Bool { session == nil }
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/orders") { request, _ in try await create(request) }
        router.get("/v1/orders") { request, _ in try await list(request) }
        router.get("/v1/orders/:id") { request, context in try await show(request, context) }
        router.delete("/v1/orders/:id") { request, context in try await cancel(request, context) }
        router.get("/v1/orders/:id/events") { request, context in try await events(request, context) }
    }

    private func create(_ request: Request) async throws -> Response {
        let caller = try await caller(request)
        let store = try dependencies.orderStore()
        guard let key = request.headers[.idempotencyKey], (1...200).contains(key.count) else {
            throw PhotoSourceError(.invalidData, "POST /v1/orders needs an Idempotency-Key header (1 to 200 characters), unique per order.")
        }
        let body = try await request.body.collect(upTo: dependencies.configuration.limits.maximumBodyBytes)
        let order = try OrderRequest.parse(Data(body.readableBytesView), configuration: dependencies.configuration)
        // A key lives `idempotencySeconds` from its first request, whoever made it: the shop's
        // backend (the API key) finds a customer's order after the customer's session ended.
        let now = dependencies.now()
        let since = now.addingTimeInterval(-dependencies.configuration.orders.idempotencySeconds)
        if let earlier = try await store.order(idempotencyKey: key, owner: caller.isShop ? nil : caller.owner, createdSince: since) {
            return try Self.replay(earlier, hash: order.hash)
        }
        let warnings = try await findItems(order, caller: caller)
        let record = OrderRecord(
            id: "ord_" + SecretHash.randomToken(byteCount: 12), owner: caller.owner, session: caller.session, idempotencyKey: key,
            requestHash: order.hash, reference: order.reference, product: order.product, createdAt: now, updatedAt: now,
            items: order.items.enumerated().map { index, line in
                OrderRecord.Item(
                    index: index, source: line.source, itemID: line.itemId ?? "", scope: line.scope, copies: line.copies ?? 1,
                    product: line.product ?? order.product, layout: line.layout)
            },
            deliveries: order.destinationIDs(in: dependencies.configuration).map { id in
                OrderRecord.Delivery(destinationID: id, kind: dependencies.configuration.destinations.first { $0.id == id }?.kind ?? "")
            },
            recipient: order.recipient, shippingMethod: order.shippingMethod)
        let stored = try await store.createOrder(record, now: now)
        guard stored.id == record.id else { return try Self.replay(stored, hash: order.hash) }  // a request with the same key won the race
        var response = try JSONResponse.make(
            OrderCreatedResponse(id: stored.id, status: stored.status.rawValue, warnings: warnings.isEmpty ? nil : warnings), status: .created)
        response.headers[.location] = dependencies.link("/v1/orders/\(stored.id)")
        return response
    }

    /// The answer to a repeated `Idempotency-Key`: the same order (200) for the same body, 422 for another.
    private static func replay(_ order: OrderRecord, hash: String) throws -> Response {
        guard order.requestHash == hash else {
            throw Problem(
                status: .unprocessableContent, code: .invalidData,
                detail: "This Idempotency-Key was used for a different order (\(order.id)); use a new key for a new order.")
        }
        return try JSONResponse.make(OrderCreatedResponse(id: order.id, status: order.status.rawValue))
    }

    /// Looks every line up in its source, as the caller sees it, before anything is stored; a
    /// crop is checked against the photo's size where the source knows it. Returns a warning for
    /// each line that will print low (judged on what will print, where the size is known), so the
    /// checkout hears of it before the photo is fetched. A whole-album line is only checked to
    /// name an album the caller can open (``checkAlbum(_:at:caller:)``): its photos are listed
    /// when the order is materialised, so they get no warning here.
    private func findItems(_ order: OrderRequest, caller: Caller) async throws -> [OrderLineWarning] {
        let dependencies = dependencies
        var warnings: [OrderLineWarning] = []
        for (index, line) in order.items.enumerated() {
            guard let itemId = line.itemId else {
                try await checkAlbum(line, at: index, caller: caller)
                continue
            }
            let pixels: PixelSize?
            do {
                pixels = try await dependencies.withSource(line.source, session: caller.session ?? "") { entry in
                    let item = try await dependencies.withSourceTimeout { try await entry.item(itemId) }
                    guard item.kind == .image else {
                        throw PhotoSourceError(.notFound, "\"\(itemId)\" is an album, not a photo; order it whole with scope instead of itemId.")
                    }
                    return item.pixelSize
                }
            } catch let error as PhotoSourceError {
                throw PhotoSourceError(error.code, "items[\(index)] (\(line.source) \(itemId)): \(error.message)", underlying: error)
            }
            guard let pixels, let product = dependencies.configuration.products.first(where: { $0.id == (line.product ?? order.product) })
            else { continue }
            guard let fitness = line.layout.fitness(of: pixels, on: product) else {
                throw FieldProblem.problem(
                    [FieldProblem(path: "$.items[\(index)].crop", detail: "does not lie inside the photo, which is \(pixels.width)×\(pixels.height) pixels upright.")],
                    summary: "The order has 1 problem(s):")
            }
            if let warning = OrderLineWarning(index: index, fitness: fitness) { warnings.append(warning) }
        }
        return warnings
    }

    private func show(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        try JSONResponse.make(OrderResponse(try await visibleOrder(request, context)))
    }

    private func cancel(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let order = try await visibleOrder(request, context)
        // A lab that has the order decides: the order is cancelled there only if it confirms.
        let answers = await LabCancellationRequests(configuration: dependencies.configuration).answers(for: order)
        guard let cancelled = try await dependencies.orderStore().cancelOrder(id: order.id, now: Date(), labAnswers: answers) else {
            throw PhotoSourceError(.notFound, "There is no order \(order.id).")
        }
        return try JSONResponse.make(OrderResponse(cancelled))
    }

    /// The order named in the path when the caller may see it; 404 otherwise.
    func visibleOrder(_ request: Request, _ context: ServiceRequestContext) async throws -> OrderRecord {
        let caller = try await caller(request)
        let id = try context.parameters.require("id")
        guard let order = try await dependencies.orderStore().order(id: id), caller.isShop || order.owner == caller.owner else {
            throw PhotoSourceError(.notFound, "There is no order \(id) for this session.")
        }
        return order
    }

    /// The shop's backend (its API key) or a customer session; 401 for anything else.
    func caller(_ request: Request) async throws -> Caller {
        if (try? dependencies.requireAPIKey(request)) != nil { return Caller(owner: "api", session: nil) }
        let session = try await dependencies.requireSession(request)
        return Caller(owner: session.id, session: session.id)
    }
}
