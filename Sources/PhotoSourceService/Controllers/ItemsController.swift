import Foundation
import Hummingbird
import PhotoSourceKit

/// `GET /v1/sources/{source}/items` (a page, as `ls --json`) and
/// `GET /v1/sources/{source}/items/{itemId}` (one photo with its original's URL).
struct ItemsController {
    let dependencies: ServiceDependencies

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/sources/:source/items") { request, context in try await list(request, context) }
        // Item ids are paths in folder sources: `Travel/Italy/rome-1.jpg`, with or without %2F.
        router.get("/v1/sources/:source/items/**") { request, context in try await one(request, context) }
    }

    private func list(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        let sourceID = try context.parameters.require("source")
        let entryMaximum = try dependencies.catalog.source(sourceID).source.maximumPageSize
        let query = request.uri.queryParameters
        let page = try Self.integer(query["page"].map(String.init), name: "page", default: 1, range: 1...1_000_000)
        let count = try Self.integer(
            query["count"].map(String.init), name: "count", default: 50, range: 1...max(1, entryMaximum))
        let product = try query["product"].map { try self.product(String($0)) }
        let scopeID = try ItemIdentifier.checked(query["scope"].map(String.init) ?? "", kind: "scope")
        let listing = try await dependencies.withSource(sourceID, session: session.id) { entry in
            let listed = try await dependencies.withSourceTimeout {
                let scope = try await entry.scope(scopeID)
                return try await entry.source.items(in: scope, page: page - 1, count: count)
            }
            var items: [ServiceItem] = []
            for item in listed.items {
                items.append(try await describe(item, in: entry, session: session, product: product))
            }
            return ItemListResponse(
                source: entry.id, scope: listed.scope.containerID, page: listed.page + 1, count: listed.count,
                hasMore: listed.hasMore, items: items)
        }
        return try JSONResponse.make(listing)
    }

    private func one(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        let sourceID = try context.parameters.require("source")
        let raw = context.parameters.getCatchAll().joined(separator: "/")
        let itemID = try ItemIdentifier.checked(raw.removingPercentEncoding ?? raw)
        let product = try request.uri.queryParameters["product"].map { try self.product(String($0)) }
        let described = try await dependencies.withSource(sourceID, session: session.id) { entry in
            let item = try await dependencies.withSourceTimeout { try await entry.item(itemID) }
            var described = try await describe(item, in: entry, session: session, product: product)
            let version = try await AssetVersion.current(of: item, in: entry)
            let asset = SignedAsset(
                session: session.id, source: entry.id, item: item.id, version: version, size: 0, format: "",
                expires: Self.expiry(seconds: dependencies.configuration.limits.originalURLLifetimeSeconds))
            described.originalURL = dependencies.link("/v1/originals/" + dependencies.signer.path(for: asset, kind: .original))
            return described
        }
        return try JSONResponse.make(described)
    }

    private func describe(
        _ item: any PhotoSourceItem, in entry: ServiceSource, session: CustomerSession, product: Product?
    ) async throws -> ServiceItem {
        var described = ServiceItem(item)
        guard item.kind == .image else { return described }
        let asset = SignedAsset(
            session: session.id, source: entry.id, item: item.id, version: try await AssetVersion.current(of: item, in: entry),
            size: ThumbnailsController.defaultSize, format: "auto",
            expires: Self.expiry(seconds: dependencies.configuration.limits.thumbnailURLLifetimeSeconds))
        described.thumbnailURL = dependencies.link("/v1/thumbnails/" + dependencies.signer.path(for: asset, kind: .thumbnail))
        if let product, let pixels = item.pixelSize {
            described.fitness = FitnessResponse(product.assess(pixels))
        }
        return described
    }

    private func product(_ id: String) throws -> Product {
        guard let product = dependencies.configuration.products.first(where: { $0.id == id }) else {
            throw PhotoSourceError(.invalidData, "There is no product \"\(id)\"; GET /v1/products lists them.")
        }
        return product
    }

    /// The expiry to sign into a URL made `now` that must live `seconds`: at least that far away,
    /// rounded up to a step of an eighth of the lifetime (at most an hour), so listings made within
    /// one step sign identical URLs and a browser or CDN that cached a thumbnail finds it again.
    static func expiry(seconds: Int, now: Date = Date()) -> Int64 {
        let step = Int64(max(1, min(seconds / 8, 3600)))
        let earliest = Int64(now.timeIntervalSince1970) + Int64(seconds)
        return (earliest + step - 1) / step * step
    }

    static func integer(_ text: String?, name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw PhotoSourceError(.invalidData, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound); \"\(text)\" is not.")
        }
        return number
    }
}
