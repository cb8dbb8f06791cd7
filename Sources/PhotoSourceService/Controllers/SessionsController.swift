import Foundation
import Hummingbird

/// `POST /v1/sessions`: the shop's backend (API key) opens a customer session, optionally for
/// one of its customers (`{"customer": "<the shop's id>"}`: remembered defaults, used handlers
/// and received photos are then the customer's, kept across sessions);
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
        let body = try await request.body.collect(upTo: dependencies.configuration.limits.maximumBodyBytes)
        let customer = try Self.customer(in: Data(body.readableBytesView))
        let token = SecretHash.randomToken()
        let now = dependencies.now()
        let session = CustomerSession(
            id: "ses_" + SecretHash.randomToken(byteCount: 12), tokenHash: SecretHash.sha256Hex(token), createdAt: now,
            expiresAt: now.addingTimeInterval(TimeInterval(dependencies.configuration.limits.sessionLifetimeSeconds)),
            customer: customer)
        try await dependencies.store.createSession(session)
        return try JSONResponse.make(
            Created(id: session.id, token: token, expiresAt: session.expiresAt.formatted(.iso8601)), status: .created)
    }

    private struct Body: Decodable {
        let customer: String?
    }

    /// The optional body's `customer`: 1–128 characters, none of them a control character; an
    /// empty body (or one without the field) opens a session without a customer.
    static func customer(in body: Data) throws -> String? {
        guard !body.isEmpty else { return nil }
        let customer: String?
        do {
            customer = try JSONDecoder().decode(Body.self, from: body).customer
        } catch {
            throw FieldProblem.problem(
                [FieldProblem(path: "$.customer", detail: "must be a string: the shop's own id for the customer, or left out.")],
                summary: "The session's body has 1 problem(s):")
        }
        guard let customer else { return nil }
        guard (1...128).contains(customer.count), !customer.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw FieldProblem.problem(
                [FieldProblem(path: "$.customer", detail: "must be 1 to 128 printable characters (no control characters).")],
                summary: "The session's body has 1 problem(s):")
        }
        return customer
    }
}
