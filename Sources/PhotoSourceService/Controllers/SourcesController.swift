import Foundation
import Hummingbird
import PhotoSourceKit

/// `GET /v1/sources` and `GET /v1/products`: what a customer can pick from, and print.
struct SourcesController {
    let dependencies: ServiceDependencies

    private struct SourceSummary: Encodable {
        let id: String
        let title: String
        let iconURL: String?
        let requiresSignIn: Bool
        let signedIn: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(iconURL, forKey: .iconURL)
            try container.encode(requiresSignIn, forKey: .requiresSignIn)
            try container.encode(signedIn, forKey: .signedIn)
        }

        private enum CodingKeys: String, CodingKey { case id, title, iconURL, requiresSignIn, signedIn }
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/sources") { request, _ in try await list(request) }
        router.get("/v1/products") { request, _ in
            _ = try await dependencies.requireSession(request)
            return try JSONResponse.make(dependencies.configuration.products)
        }
    }

    private func list(_ request: Request) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        var summaries: [SourceSummary] = []
        for entry in dependencies.catalog.sources {
            let signedIn = entry.requiresSignIn ? try await dependencies.store.signIn(session: session.id, source: entry.id) != nil : true
            summaries.append(SourceSummary(
                id: entry.id, title: entry.source.title, iconURL: entry.source.iconPath.flatMap { $0.hasPrefix("http") ? $0 : nil },
                requiresSignIn: entry.requiresSignIn, signedIn: signedIn))
        }
        return try JSONResponse.make(summaries)
    }
}
