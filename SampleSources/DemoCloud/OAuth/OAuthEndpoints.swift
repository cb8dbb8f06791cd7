import Foundation
import Hummingbird
import Synchronization

/// `/oauth/authorize`, `/oauth/token`, `/oauth/device` and `/oauth/device/approve`.
struct OAuthEndpoints: Sendable {
    let state: CloudState

    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"
    private static let maximumFormBytes = 64 << 10
    private static let malformedForm = OAuthError.invalidRequest("The body is not a valid form, or repeats a field.")

    func register(on router: Router<BasicRequestContext>) {
        router.get("oauth/authorize") { request, _ in authorize(fields: query(of: request), decision: nil) }
        router.post("oauth/authorize") { request, _ in
            guard let fields = try await form(of: request) else { return badForm() }
            return authorize(fields: fields, decision: fields["decision"] ?? "deny")
        }
        router.post("oauth/token") { request, _ in
            state.controls.count(.token)
            guard let fields = try await form(of: request) else { return CloudResponses.oauthError(Self.malformedForm) }
            return token(fields)
        }
        router.post("oauth/device") { request, _ in
            state.controls.count(.deviceAuthorization)
            guard let fields = try await form(of: request) else { return CloudResponses.oauthError(Self.malformedForm) }
            return try startDevice(fields)
        }
        router.get("oauth/device/approve") { request, _ in approveDevice(fields: query(of: request), decision: nil) }
        router.post("oauth/device/approve") { request, _ in
            guard let fields = try await form(of: request) else { return badForm() }
            return approveDevice(fields: fields, decision: fields["decision"] ?? "deny")
        }
    }

    // MARK: Browser sign-in

    /// Shows the approval page, or (auto-approve, or a decision posted back) redirects with a code.
    private func authorize(fields: FormFields?, decision: String?) -> Response {
        state.controls.count(.authorize)
        guard let fields else { return badForm() }
        let request: AuthorizationRequest
        switch AuthorizationRequest.parse(fields, configuration: state.configuration) {
        case .success(let parsed):
            request = parsed
        case .failure(.page(let message)):
            return CloudResponses.html(ApprovalPages.message(title: "Sign-in refused", message), status: .badRequest)
        case .failure(.redirect(let uri, let error, let description, let stateValue)):
            return CloudResponses.redirect(to: redirectWithError(uri, error, description, stateValue))
        }
        let approve = decision.map { $0 == "approve" } ?? (state.configuration.autoApprove ? true : nil)
        guard let approve else {
            return CloudResponses.html(ApprovalPages.authorize(request, account: state.configuration.account))
        }
        guard approve else {
            let denied = redirectWithError(request.redirectURI, "access_denied", "The user denied the sign-in.", request.state)
            return CloudResponses.redirect(to: denied)
        }
        let now = state.clock.now
        let code = state.tokens.withLock {
            $0.addCode(.init(
                clientID: request.clientID, redirectURI: request.redirectURI, codeChallenge: request.codeChallenge,
                scope: request.scope, expiresAt: now.advanced(by: state.configuration.authorizationCodeLifetime)))
        }
        var answer = [("code", code)]
        if let value = request.state { answer.append(("state", value)) }
        return CloudResponses.redirect(to: AuthorizationRequest.redirect(request.redirectURI, adding: answer))
    }

    private func redirectWithError(_ uri: String, _ error: String, _ description: String, _ stateValue: String?) -> String {
        var fields = [("error", error), ("error_description", description)]
        if let stateValue { fields.append(("state", stateValue)) }
        return AuthorizationRequest.redirect(uri, adding: fields)
    }

    // MARK: Device flow

    private func startDevice(_ fields: FormFields) throws -> Response {
        let configuration = state.configuration
        guard fields["client_id"] == configuration.clientID else {
            return CloudResponses.oauthError(.invalidClient("Unknown client_id."))
        }
        let now = state.clock.now
        let started = state.tokens.withLock {
            $0.devices.start(
                clientID: configuration.clientID, scope: fields["scope"] ?? "photos.read",
                lifetime: configuration.deviceCodeLifetime, interval: .seconds(configuration.devicePollInterval), now: now)
        }
        let verification = state.url("/oauth/device/approve")
        return try CloudResponses.json(DeviceAuthorizationResponse(
            deviceCode: started.deviceCode, userCode: started.userCode, verificationUri: verification,
            verificationUriComplete: AuthorizationRequest.redirect(verification, adding: [("user_code", started.userCode)]),
            expiresIn: Int(configuration.deviceCodeLifetime.components.seconds), interval: configuration.devicePollInterval),
            headers: [.cacheControl: "no-store"])
    }

    private func approveDevice(fields: FormFields?, decision: String?) -> Response {
        state.controls.count(.deviceApproval)
        guard let fields else { return badForm() }
        guard let userCode = fields["user_code"].map(DeviceGrants.normalize(userCode:)) else {
            return CloudResponses.html(ApprovalPages.enterCode())
        }
        let now = state.clock.now
        guard state.tokens.withLock({ $0.devices.isPending(userCode: userCode, now: now) }) else {
            let page = ApprovalPages.message(
                title: "Unknown code", "This code is unknown, expired or already used; start again on the device.")
            return CloudResponses.html(page, status: .badRequest)
        }
        let approve = decision.map { $0 == "approve" } ?? (state.configuration.autoApprove ? true : nil)
        guard let approve else { return CloudResponses.html(ApprovalPages.device(userCode: userCode)) }
        _ = state.tokens.withLock { $0.devices.decide(userCode: userCode, approve: approve, now: now) }
        return CloudResponses.html(ApprovalPages.message(
            title: approve ? "Device connected" : "Device refused",
            approve ? "You can return to your device." : "The device was not connected."))
    }

    // MARK: Helpers

    func query(of request: Request) -> FormFields? {
        FormFields(request.uri.query ?? "")
    }

    func form(of request: Request) async throws -> FormFields? {
        let buffer = try await request.body.collect(upTo: Self.maximumFormBytes)
        return FormFields(String(buffer: buffer))
    }

    private func badForm() -> Response {
        let page = ApprovalPages.message(title: "Bad request", "The request's fields are malformed or repeated.")
        return CloudResponses.html(page, status: .badRequest)
    }
}
