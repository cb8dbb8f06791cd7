import Foundation
import Hummingbird

/// `GET /v1/destinations` (a customer session or the API key): where orders can go, and what
/// each destination accepts. Only ids, kinds and capabilities: never a URL, root folder, API key
/// or secret of the configuration.
struct DestinationsController {
    let dependencies: ServiceDependencies

    /// One destination as a client may see it.
    struct Summary: Encodable, Equatable {
        /// The id an order names in `destinations`.
        let id: String
        /// `folder`, `httpUpload` or `printLab`.
        let kind: String
        /// Whether orders that name no destinations go here.
        let enabled: Bool
        /// The product ids it can print or take (a print lab: those it has a SKU for).
        let products: [String]
        /// The file types it takes.
        let contentTypes: [String]
        /// `originals` (the customer's photos as they are) or `print` (print files rendered for each line: docs/orders.md).
        let files: String
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/destinations") { request, _ in
            if (try? dependencies.requireAPIKey(request)) == nil { _ = try await dependencies.requireSession(request) }
            return try JSONResponse.make(Self.summaries(of: dependencies.configuration))
        }
    }

    /// Every configured destination, in configuration order.
    static func summaries(of configuration: ServiceConfiguration) -> [Summary] {
        let products = configuration.products.map(\.id)
        return configuration.destinations.map { destination in
            var accepted = products
            if destination.kind == "printLab" {
                let skus: Set<String>
                if case .object(let fields) = destination.settings, case .object(let mapped)? = fields["skus"] {
                    skus = Set(mapped.keys)
                } else {
                    skus = []
                }
                accepted = products.filter(skus.contains)
            }
            return Summary(
                id: destination.id, kind: destination.kind, enabled: destination.enabled, products: accepted,
                contentTypes: ["image/jpeg", "image/png"], files: DestinationFileSettings(destination).files.rawValue)
        }
    }
}
