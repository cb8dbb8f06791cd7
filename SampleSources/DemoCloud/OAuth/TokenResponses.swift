/// The token endpoint's success body (RFC 6749 §5.1).
struct TokenResponse: Codable, Equatable {
    let accessToken: String
    let tokenType: String
    let expiresIn: Int
    let refreshToken: String
    let scope: String
    /// Not in RFC 6749; like several real services, the demo cloud names the account.
    let account: String

    init(_ issued: TokenRegistry.Issued) {
        accessToken = issued.accessToken
        tokenType = "Bearer"
        expiresIn = issued.expiresIn
        refreshToken = issued.refreshToken
        scope = issued.scope
        account = issued.account
    }
}

/// The device authorization endpoint's body (RFC 8628 §3.2).
struct DeviceAuthorizationResponse: Codable, Equatable {
    let deviceCode: String
    let userCode: String
    let verificationUri: String
    let verificationUriComplete: String
    let expiresIn: Int
    let interval: Int
}
