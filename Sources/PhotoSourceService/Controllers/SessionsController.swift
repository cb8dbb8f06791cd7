import Foundation
import Hummingbird

/// `POST /v1/sessions`: the shop's backend (API key) opens a customer session;
/// `DELETE /v1/sessions/current`: the session's own token revokes it at once (its sign-ins go
/// with it; every later request with the token is 401).
struct SessionsController {
    let dependencies: ServiceDependencies

    private struct Created: Encodable {
        let id: String
        let token: String
        let expiresAt: String
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/sessions") { request, _ in try await create(request) }
        router.delete("/v1/sessions/current") { request, _ in
            let session = try await dependencies.requireSession(request)
            try await dependencies.store.deleteSession(id: session.id)
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
    }

    private func create(_ request: Request) async throws -> Response {
        try dependencies.requireAPIKey(request)
        let token = SecretHash.randomToken()
        let now = dependencies.now()
        let session = CustomerSession(
            id: "ses_" + SecretHash.randomToken(byteCount: 12), tokenHash: SecretHash.sha256Hex(token), createdAt: now,
            expiresAt: now.addingTimeInterval(TimeInterval(dependencies.configuration.limits.sessionLifetimeSeconds)))
        try await dependencies.store.createSession(session)
        return try JSONResponse.make(
            Created(id: session.id, token: token, expiresAt: session.expiresAt.formatted(.iso8601)), status: .created)
    }
}
