import Foundation
import Hummingbird
import PhotoSourceKit

/// The customer's remembered default handlers (Choosy), for the session's customer:
/// `PUT /v1/catalog/defaults/{action}` `{"handler": "…"}` remembers one, with the handlers
/// available for the action now (a handler added later makes `GET /v1/catalog` ask again);
/// `DELETE /v1/catalog/defaults` forgets them all.
struct CatalogDefaultsController {
    let dependencies: ServiceDependencies

    private struct Body: Decodable {
        let handler: String?
    }

    private struct Remembered: Encodable {
        let action: String
        let handler: String
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.put("/v1/catalog/defaults/:action") { request, context in try await remember(request, context) }
        router.delete("/v1/catalog/defaults") { request, _ in
            let session = try await dependencies.requireSession(request)
            try await dependencies.store.forgetChoices(customerKey: session.customerKey)
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
    }

    private func remember(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        let action = try context.parameters.require("action")
        guard CatalogVocabulary.actions.contains(action) else {
            throw FieldProblem.problem(
                [FieldProblem(path: "action", detail: "\"\(action.prefix(40))\" is not an action; the actions are \(CatalogVocabulary.actions.joined(separator: ", ")).")],
                summary: "The default has 1 problem(s):")
        }
        let body = try await request.body.collect(upTo: dependencies.configuration.limits.maximumBodyBytes)
        guard let handler = (try? JSONDecoder().decode(Body.self, from: Data(body.readableBytesView)))?.handler, !handler.isEmpty else {
            throw FieldProblem.problem(
                [FieldProblem(path: "$.handler", detail: "is missing; send {\"handler\": \"<a handler id from GET /v1/catalog?action=\(action)>\"}.")],
                summary: "The default has 1 problem(s):")
        }
        let offer = await dependencies.handlerCatalog.current().offer(for: HandlerCatalog.OfferRequest(
            action: action, platform: CatalogQuery.platform(of: request), shopHandlerID: dependencies.handlerCatalog.settings.shopHandlerID))
        let available = Set(offer.available.map(\.id))
        guard available.contains(handler) else {
            throw FieldProblem.problem(
                [FieldProblem(path: "$.handler", detail: "\"\(handler.prefix(80))\" is not available for \(action); GET /v1/catalog?action=\(action) lists those that are.")],
                summary: "The default has 1 problem(s):")
        }
        try await dependencies.store.rememberChoice(
            HandlerChoice(action: action, handlerID: handler, knownHandlerIDs: available), customerKey: session.customerKey)
        return try JSONResponse.make(Remembered(action: action, handler: handler))
    }
}
