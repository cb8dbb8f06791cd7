import Crypto
import Foundation
import Hummingbird
import PhotoNetworking
import PhotoSourceKit

/// `POST /v1/sources/{source}/sign-in` → `{authorizeURL}` (authorization code + PKCE) or, for
/// device-flow sources, `{verificationURI, userCode, …}` (see ``DeviceSignInController``),
/// `GET /v1/sources/{source}/sign-in` → `{status}` for the browser to poll,
/// `GET /v1/sources/{source}/callback` (the provider's redirect; `state` is bound to the session
/// and single use), `DELETE /v1/sources/{source}/sign-in` (sign out, tokens and a device sign-in
/// in flight forgotten).
struct SignInController {
    /// How long a started sign-in waits for its callback.
    static let stateLifetime: TimeInterval = 600

    let dependencies: ServiceDependencies
    private var device: DeviceSignInController { DeviceSignInController(dependencies: dependencies) }

    private struct Started: Encodable { let authorizeURL: String }
    private struct Completed: Encodable { let source: String; let signedIn: Bool }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/sources/:source/sign-in") { request, context in try await begin(request, context) }
        router.get("/v1/sources/:source/sign-in") { request, context in
            let session = try await dependencies.requireSession(request)
            let entry = try dependencies.catalog.source(try context.parameters.require("source"))
            guard let signIn = entry.signIn else { return try JSONResponse.make(DeviceSignInController.Status(status: .signedIn)) }
            return try JSONResponse.make(try await device.status(session: session, entry: entry, signIn: signIn))
        }
        router.delete("/v1/sources/:source/sign-in") { request, context in
            let session = try await dependencies.requireSession(request)
            let entry = try dependencies.catalog.source(try context.parameters.require("source"))
            if let grant = try await dependencies.store.deviceGrant(session: session.id, source: entry.id) {
                try await dependencies.store.deleteDeviceGrant(grant)
            }
            try await dependencies.store.deleteSignIn(session: session.id, source: entry.id)
            return Response(status: .noContent)
        }
        router.get("/v1/sources/:source/callback") { request, context in
            // A browser gets a page that takes the customer back to the picker; API clients keep JSON.
            guard SignInCallbackPage.wantsPage(request) else { return try await callback(request, context) }
            return await callbackPage(request, context)
        }
    }

    private func begin(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let session = try await dependencies.requireSession(request)
        let entry = try dependencies.catalog.source(try context.parameters.require("source"))
        guard let signIn = entry.signIn else {
            throw PhotoSourceError(.invalidData, "\(entry.source.title) needs no sign-in; list it directly.")
        }
        if signIn.flow == .deviceCode { return try await device.begin(session: session, entry: entry, signIn: signIn) }
        let state = SecretHash.randomToken()
        let verifier = SecretHash.randomToken()
        try await dependencies.store.saveAuthorization(PendingAuthorization(
            state: state, session: session.id, source: entry.id, sealedVerifier: try dependencies.sealing().seal(Data(verifier.utf8)),
            expiresAt: Date().addingTimeInterval(Self.stateLifetime)))
        var components = URLComponents(url: signIn.authorizationEndpoint, resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: signIn.clientID),
            URLQueryItem(name: "redirect_uri", value: try redirectURI(request, source: entry.id)),
            URLQueryItem(name: "scope", value: signIn.scopes.joined(separator: " ")), URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        return try JSONResponse.make(Started(authorizeURL: components.url!.absoluteString))
    }

    private func callback(_ request: Request, _ context: ServiceRequestContext) async throws -> Response {
        let entry = try await complete(request, context)
        return try JSONResponse.make(Completed(source: entry.id, signedIn: true))
    }

    /// The callback as a page: signed in, or why not (with the problem's status), in words.
    private func callbackPage(_ request: Request, _ context: ServiceRequestContext) async -> Response {
        let policy = PickerPolicy(settings: dependencies.configuration.picker, publicBaseURL: dependencies.configuration.publicBaseURL)
        let id = context.parameters.get("source") ?? ""
        let title = (try? dependencies.catalog.source(id).source.title) ?? id
        do {
            _ = try await complete(request, context)
            return SignInCallbackPage.response(source: id, title: title, failure: nil, policy: policy.callbackPage)
        } catch {
            let problem = Problem.from(error)
            return SignInCallbackPage.response(
                source: id, title: title, failure: problem.detail, status: HTTPResponse.Status(code: problem.status),
                policy: policy.callbackPage)
        }
    }

    /// Checks the provider's redirect, exchanges the code and keeps the session's tokens.
    private func complete(_ request: Request, _ context: ServiceRequestContext) async throws -> ServiceSource {
        let entry = try dependencies.catalog.source(try context.parameters.require("source"))
        let query = request.uri.queryParameters
        guard let signIn = entry.signIn else { throw PhotoSourceError(.notFound, "\(entry.source.title) has no sign-in.") }
        guard let state = query["state"].map(String.init),
              let pending = try await dependencies.store.takeAuthorization(state: state, now: Date()), pending.source == entry.id
        else {
            throw PhotoSourceError(.invalidData, "This sign-in link was already used, has expired or is not ours; start the sign-in again.")
        }
        if let error = query["error"] {
            throw PhotoSourceError(.authentication, "The provider refused the sign-in (\(error)); start it again.")
        }
        guard let code = query["code"].map(String.init) else {
            throw PhotoSourceError(.invalidData, "The provider's redirect has no code; start the sign-in again.")
        }
        let verifier = String(decoding: try dependencies.sealing().open(pending.sealedVerifier), as: UTF8.self)
        let credentials = try await TokenExchange.exchange(
            code: code, verifier: verifier, redirectURI: try redirectURI(request, source: entry.id), signIn: signIn)
        try await dependencies.store.saveSignIn(session: pending.session, source: entry.id, sealed: try dependencies.sealCredentials(credentials))
        return entry
    }

    /// This service's callback URL: the public base URL when configured, else the request's host.
    private func redirectURI(_ request: Request, source: String) throws -> String {
        let path = "/v1/sources/\(source)/callback"
        if dependencies.configuration.publicBaseURL != nil { return dependencies.link(path) }
        guard let host = request.head.authority else {
            throw PhotoSourceError(.invalidData, "The request names no Host, so the sign-in has nowhere to return to.")
        }
        return "http://\(host)\(path)"
    }
}
