import Foundation
import Hummingbird
import PhotoSourceKit

/// `GET /v1/catalog?action=&platform=&lang=`: the handlers a photo can be sent to (session token:
/// with its customer's remembered default and used handlers; API key: none of either), and the
/// shop's own actions. See docs/catalog.md ("The service's catalog").
struct CatalogController {
    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/catalog") { request, _ in try await show(request) }
    }

    private func show(_ request: Request) async throws -> Response {
        // The shop's backend (API key) sees no customer's defaults; anyone else needs a session.
        var session: CustomerSession?
        if (try? dependencies.requireAPIKey(request)) == nil { session = try await dependencies.requireSession(request) }
        let query = try CatalogQuery(request)
        let settings = dependencies.handlerCatalog.settings
        let (catalog, version) = await dependencies.handlerCatalog.snapshot()
        var offerRequest = HandlerCatalog.OfferRequest(
            action: query.action, platform: query.platform, languages: query.languages, shopHandlerID: settings.shopHandlerID,
            referral: settings.referral)
        if let session {
            offerRequest.used = try await dependencies.store.usedHandlers(customerKey: session.customerKey)
            if let action = query.action {
                offerRequest.choice = try await dependencies.store.choice(action: action, customerKey: session.customerKey)
            }
        }
        let offer = catalog.offer(for: offerRequest)
        let icons = IconLinks(dependencies: dependencies, version: version)
        func handler(_ entry: CatalogOffer.Entry) -> CatalogResponse.Handler {
            CatalogResponse.Handler(
                id: entry.id, name: entry.name, description: entry.description, icons: icons.links(entry.icons),
                actions: catalog.handler(id: entry.id).map { $0.actions.keys.sorted() } ?? [], canReceive: entry.canReceive,
                isDefault: entry.isDefault, signupURL: entry.signupURL, free: entry.free)
        }
        let custom = dependencies.handlerCatalog.customActions.map { action in
            CatalogResponse.Custom(id: action.id, title: action.title.resolved(for: query.languages), icon: action.icon.map { icons.link($0.absoluteString) })
        }
        var response = try JSONResponse.make(CatalogResponse(
            action: query.action, askAgain: offer.askAgain, available: offer.available.map(handler), more: offer.more.map(handler), custom: custom))
        response.headers[.vary] = "Authorization, Accept-Language"
        return response
    }
}

/// Signed `/v1/icons/` URLs for one catalog version.
struct IconLinks {
    let dependencies: ServiceDependencies
    let version: String

    /// The signed URL serving the icon at `url`.
    func link(_ url: String) -> String {
        let asset = SignedAsset(
            session: "", source: CatalogIcons.sourceID, item: url, version: version, size: CatalogIcons.size, format: "auto",
            expires: ItemsController.expiry(seconds: dependencies.configuration.limits.thumbnailURLLifetimeSeconds))
        return dependencies.link("/v1/icons/" + dependencies.signer.path(for: asset, kind: .icon))
    }

    /// `{"1x": …, "2x": …}` for the icons a handler has; `nil` when it has none.
    func links(_ icons: CatalogHandler.Icons?) -> [String: String]? {
        guard let icons else { return nil }
        var links: [String: String] = [:]
        if let x1 = icons.x1 { links["1x"] = link(x1) }
        if let x2 = icons.x2 { links["2x"] = link(x2) }
        return links.isEmpty ? nil : links
    }
}
