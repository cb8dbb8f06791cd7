import Foundation
import Hummingbird
import PhotoSourceKit

/// `POST /v1/handoffs`: sends a photo of the session's to another app. For a catalog handler's
/// action it makes a one-time image URL (and, when the handler can send the photo back and the
/// service offers "Received", a one-time return URL), fills the action's URL template with them
/// and answers the launch URL (201). For one of the shop's custom actions it writes a signed
/// `handoff.custom` webhook with the image URL into the outbox and answers 202. Either way the
/// handler is recorded as used by the customer.
struct HandoffsController {
    let dependencies: ServiceDependencies

    /// The `201` answer for a catalog handler.
    private struct Launched: Encodable {
        let id: String
        let handler: String
        let action: String
        let launchURL: String
        let imageURL: String
        let returnURL: String?
        let expiresAt: String
    }

    /// The `202` answer for a custom action.
    private struct Accepted: Encodable {
        let id: String
        let custom: String
        let expiresAt: String
    }

    /// The `data` of a `handoff.custom` webhook event.
    struct CustomEventData: Encodable {
        let handoffId: String
        let custom: String
        let customer: String?
        let sessionId: String
        let source: String
        let itemId: String
        let imageURL: String
        let expiresAt: String
    }

    /// The webhook event type of a custom action.
    static let customEventType = "handoff.custom"

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/handoffs") { request, _ in try await create(request) }
    }

    private func create(_ request: Request) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        let body = try await request.body.collect(upTo: dependencies.configuration.limits.maximumBodyBytes)
        let wanted = try HandoffRequest.parse(Data(body.readableBytesView))
        let itemID = try ItemIdentifier.checked(wanted.itemId)
        let title = try await dependencies.withSource(wanted.source, session: session.id) { entry in
            let item = try await dependencies.withSourceTimeout { try await entry.item(itemID) }
            guard item.kind == .image else {
                throw FieldProblem.problem([FieldProblem(path: "$.itemId", detail: "is an album; only photos can be sent.")], summary: "The hand-off has 1 problem(s):")
            }
            return item.title
        }
        let now = dependencies.now()
        let tokens = HandoffTokens(settings: dependencies.configuration.handoffs, now: now)
        let origin = dependencies.assetOrigin ?? dependencies.link("")
        let imageURL = origin + tokens.imagePath
        if let custom = wanted.custom {
            return try await sendCustom(custom, wanted, session: session, tokens: tokens, imageURL: imageURL, now: now)
        }
        let catalog = await dependencies.handlerCatalog.current()
        guard let handler = catalog.handler(id: wanted.handler ?? ""), handler.live else {
            throw Self.field("$.handler", "\"\(wanted.handler ?? "")\" is not a live handler of the catalog; GET /v1/catalog lists them.")
        }
        guard let action = handler.actions[wanted.action ?? ""] else {
            throw Self.field("$.action", "\(handler.id) has no action \"\(wanted.action ?? "")\"; it has \(handler.actions.keys.sorted()).")
        }
        let receives = handler.canReceive && dependencies.catalog.sources.contains { $0.id == ServiceSource.receivedID }
        let returnURL = receives ? origin + tokens.returnPath : nil
        let launchURL: String
        do {
            launchURL = try action.launchURL(["imageURL": imageURL, "returnURL": returnURL].compactMapValues { $0 })
        } catch let error as PhotoSourceError {
            throw Self.field("$.action", "cannot be launched: \(error.message)")
        }
        let handoff = tokens.handoff(
            session: session, source: wanted.source, item: itemID, handler: handler.id, action: wanted.action, custom: nil,
            launchOrigin: HandoffOrigin.of(launchURL), receives: receives,
            receivedTitle: "\(title) (from \(handler.name.resolved(for: ["en"])))")
        try await dependencies.handoffStore().createHandoff(handoff, webhook: nil)
        try await dependencies.store.markHandlerUsed(handler.id, customerKey: session.customerKey, at: now)
        return try JSONResponse.make(
            Launched(
                id: handoff.id, handler: handler.id, action: wanted.action ?? "", launchURL: launchURL, imageURL: imageURL,
                returnURL: returnURL, expiresAt: handoff.expiresAt.formatted(.iso8601)),
            status: .created)
    }

    private func sendCustom(
        _ custom: String, _ wanted: HandoffRequest, session: CustomerSession, tokens: HandoffTokens, imageURL: String, now: Date
    ) async throws -> Response {
        guard let action = dependencies.handlerCatalog.customActions.first(where: { $0.id == custom }) else {
            throw Self.field("$.custom", "\"\(custom)\" is not one of the shop's custom actions; GET /v1/catalog lists them.")
        }
        guard dependencies.configuration.webhook != nil else {
            throw Self.field("$.custom", "cannot be sent: the service has no webhook configured to tell the shop.")
        }
        let handoff = tokens.handoff(
            session: session, source: wanted.source, item: wanted.itemId, handler: nil, action: nil, custom: action.id,
            launchOrigin: nil, receives: false, receivedTitle: wanted.itemId)
        let event = try WebhookEvent(
            id: StoreOrderRows.eventID(), type: Self.customEventType, createdAt: now,
            encoding: CustomEventData(
                handoffId: handoff.id, custom: action.id, customer: session.customer, sessionId: session.id, source: wanted.source,
                itemId: wanted.itemId, imageURL: imageURL, expiresAt: handoff.expiresAt.formatted(.iso8601)))
        try await dependencies.handoffStore().createHandoff(handoff, webhook: event)
        try await dependencies.store.markHandlerUsed(action.id, customerKey: session.customerKey, at: now)
        return try JSONResponse.make(
            Accepted(id: handoff.id, custom: action.id, expiresAt: handoff.expiresAt.formatted(.iso8601)), status: .accepted)
    }

    private static func field(_ path: String, _ detail: String) -> Problem {
        FieldProblem.problem([FieldProblem(path: path, detail: detail)], summary: "The hand-off has 1 problem(s):")
    }
}
