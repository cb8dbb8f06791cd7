import Hummingbird
import Synchronization

extension OAuthEndpoints {
    /// Answers a token request: authorization code (with PKCE), refresh token (rotating) or device code.
    func token(_ fields: FormFields) -> Response {
        let configuration = state.configuration
        guard let clientID = fields["client_id"] else {
            return CloudResponses.oauthError(.invalidRequest("client_id is missing."))
        }
        guard clientID == configuration.clientID else {
            return CloudResponses.oauthError(.invalidClient("Unknown client_id."))
        }
        let now = state.clock.now
        let lifetime = configuration.accessTokenLifetime
        let result: Result<TokenRegistry.Issued, OAuthError>
        switch fields["grant_type"] {
        case "authorization_code":
            guard let code = fields["code"], let redirectURI = fields["redirect_uri"], let verifier = fields["code_verifier"] else {
                return CloudResponses.oauthError(.invalidRequest("code, redirect_uri and code_verifier are required."))
            }
            result = state.tokens.withLock { tokens in
                Result { () throws(OAuthError) in
                    try tokens.redeem(
                        code: code, clientID: clientID, redirectURI: redirectURI, verifier: verifier,
                        account: configuration.account, lifetime: lifetime, now: now)
                }
            }
            if case .success = result { state.controls.record { $0.authorizationCodeExchanges += 1 } }
        case "refresh_token":
            guard let refreshToken = fields["refresh_token"] else {
                return CloudResponses.oauthError(.invalidRequest("refresh_token is required."))
            }
            result = state.tokens.withLock { tokens in
                Result { () throws(OAuthError) in
                    try tokens.refresh(token: refreshToken, clientID: clientID, lifetime: lifetime, now: now)
                }
            }
            state.controls.record {
                if case .success = result { $0.tokenRefreshes += 1 } else { $0.refusedRefreshes += 1 }
            }
        case Self.deviceCodeGrant:
            guard let deviceCode = fields["device_code"] else {
                return CloudResponses.oauthError(.invalidRequest("device_code is required."))
            }
            result = state.tokens.withLock { tokens in
                Result { () throws(OAuthError) in
                    let scope = try tokens.devices.poll(deviceCode: deviceCode, clientID: clientID, now: now)
                    return tokens.issue(
                        account: configuration.account, clientID: clientID, scope: scope, lifetime: lifetime, now: now)
                }
            }
            if case .success = result { state.controls.record { $0.deviceCodeExchanges += 1 } }
        case nil:
            return CloudResponses.oauthError(.invalidRequest("grant_type is missing."))
        default:
            return CloudResponses.oauthError(
                OAuthError("unsupported_grant_type", "Use authorization_code, refresh_token or the device_code grant."))
        }
        switch result {
        case .success(let issued):
            return (try? CloudResponses.json(TokenResponse(issued), headers: [.cacheControl: "no-store"]))
                ?? CloudResponses.oauthError(OAuthError("server_error", "Could not encode the token response.", status: 500))
        case .failure(let error):
            return CloudResponses.oauthError(error)
        }
    }
}
