/// Every grant the demo cloud has handed out: authorization codes, access and refresh tokens,
/// device codes. A plain value mutated under ``CloudState``'s lock; time comes in as `now`.
struct TokenRegistry {
    typealias Instant = ContinuousClock.Instant

    /// What an access token grants.
    struct AccessGrant {
        let account: String
        var expiresAt: Instant
    }

    /// What a refresh token grants.
    struct RefreshGrant {
        let account: String
        let clientID: String
        let scope: String
    }

    /// A code waiting to be exchanged.
    struct PendingCode {
        let clientID: String
        let redirectURI: String
        let codeChallenge: String
        let scope: String
        let expiresAt: Instant
    }

    /// Tokens as the token endpoint returns them.
    struct Issued: Equatable {
        let accessToken: String
        let refreshToken: String
        let expiresIn: Int
        let scope: String
        /// Whose photos the token opens (sent back so a client can say "signed in as …").
        let account: String
    }

    /// The outcome of checking a bearer token.
    enum AccessCheck: Equatable {
        case valid(account: String)
        case unknown
        case expired
    }

    private var accessTokens: [String: AccessGrant] = [:]
    private var refreshTokens: [String: RefreshGrant] = [:]
    private var codes: [String: PendingCode] = [:]
    /// The device codes (see ``DeviceGrants``).
    var devices = DeviceGrants()

    /// Checks a bearer token.
    func check(accessToken: String, now: Instant) -> AccessCheck {
        guard let grant = accessTokens[accessToken] else { return .unknown }
        return grant.expiresAt > now ? .valid(account: grant.account) : .expired
    }

    /// Makes every access token issued so far expired.
    mutating func expireAllAccessTokens(now: Instant) {
        for token in accessTokens.keys { accessTokens[token]?.expiresAt = now }
    }

    /// Revokes every grant: access tokens expire, refresh tokens are forgotten (`invalid_grant`).
    mutating func revokeAll(now: Instant) {
        expireAllAccessTokens(now: now)
        refreshTokens.removeAll()
    }

    /// Remembers a new authorization code and returns it.
    mutating func addCode(_ pending: PendingCode) -> String {
        let code = RandomToken.make(prefix: "code")
        codes[code] = pending
        return code
    }

    /// Exchanges an authorization code (single use) after checking client, redirect URI and PKCE.
    mutating func redeem(
        code: String, clientID: String, redirectURI: String, verifier: String,
        account: String, lifetime: Duration, now: Instant
    ) throws(OAuthError) -> Issued {
        guard let pending = codes.removeValue(forKey: code) else {
            throw .invalidGrant("The authorization code is unknown or was already used.")
        }
        guard pending.expiresAt > now else { throw .invalidGrant("The authorization code expired; sign in again.") }
        guard pending.clientID == clientID else { throw .invalidGrant("The authorization code was issued to another client.") }
        guard pending.redirectURI == redirectURI else {
            throw .invalidGrant("redirect_uri does not match the one used in the authorization request.")
        }
        guard PKCEVerifier.isValid(verifier: verifier) else {
            throw .invalidRequest("code_verifier must be 43 to 128 characters of [A-Z a-z 0-9 - . _ ~].")
        }
        guard PKCEVerifier.challenge(for: verifier) == pending.codeChallenge else {
            throw .invalidGrant("PKCE verification failed: code_verifier does not match code_challenge.")
        }
        return issue(account: account, clientID: clientID, scope: pending.scope, lifetime: lifetime, now: now)
    }

    /// Trades a refresh token for new tokens; the old refresh token stops working (rotation).
    mutating func refresh(token: String, clientID: String, lifetime: Duration, now: Instant) throws(OAuthError) -> Issued {
        guard let grant = refreshTokens[token] else {
            throw .invalidGrant("The refresh token is unknown, was rotated or was revoked; sign in again.")
        }
        guard grant.clientID == clientID else { throw .invalidGrant("The refresh token was issued to another client.") }
        refreshTokens[token] = nil
        return issue(account: grant.account, clientID: clientID, scope: grant.scope, lifetime: lifetime, now: now)
    }

    /// Issues a new access token and refresh token.
    mutating func issue(account: String, clientID: String, scope: String, lifetime: Duration, now: Instant) -> Issued {
        let access = RandomToken.make(prefix: "at")
        let refresh = RandomToken.make(prefix: "rt")
        accessTokens[access] = AccessGrant(account: account, expiresAt: now.advanced(by: lifetime))
        refreshTokens[refresh] = RefreshGrant(account: account, clientID: clientID, scope: scope)
        return Issued(
            accessToken: access, refreshToken: refresh, expiresIn: Int(lifetime.components.seconds), scope: scope, account: account)
    }
}
