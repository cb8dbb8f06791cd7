import Foundation

/// An OAuth error in RFC 6749 shape (`{"error": "invalid_grant", "error_description": "…"}`).
struct OAuthError: Error, Equatable {
    /// The RFC error code.
    let code: String
    /// A sentence for the developer.
    let description: String
    /// The HTTP status (400 for token endpoint errors, 401 for `invalid_client`).
    let status: Int

    init(_ code: String, _ description: String, status: Int = 400) {
        self.code = code
        self.description = description
        self.status = status
    }

    static func invalidRequest(_ description: String) -> OAuthError { OAuthError("invalid_request", description) }
    static func invalidGrant(_ description: String) -> OAuthError { OAuthError("invalid_grant", description) }
    static func invalidClient(_ description: String) -> OAuthError { OAuthError("invalid_client", description, status: 401) }

    /// The JSON body.
    var body: Data {
        (try? JSONSerialization.data(withJSONObject: ["error": code, "error_description": description], options: [.sortedKeys]))
            ?? Data("{\"error\":\"\(code)\"}".utf8)
    }
}
