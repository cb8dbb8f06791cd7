import Foundation

/// A checked `/oauth/authorize` request (RFC 6749 §4.1.1 with PKCE, RFC 7636).
struct AuthorizationRequest: Equatable {
    let clientID: String
    let redirectURI: String
    let state: String?
    let codeChallenge: String
    let scope: String

    /// Why a request was refused.
    enum Failure: Error, Equatable {
        /// The client or redirect URI cannot be trusted: show an error page, never redirect.
        case page(String)
        /// Tell the client through its redirect URI.
        case redirect(to: String, error: String, description: String, state: String?)
    }

    /// Checks the fields of an authorization request.
    static func parse(_ fields: FormFields, configuration: DemoCloud.Configuration) -> Result<AuthorizationRequest, Failure> {
        guard let clientID = fields["client_id"], clientID == configuration.clientID else {
            return .failure(.page("Unknown client_id. The demo cloud only knows \"\(configuration.clientID)\"."))
        }
        guard let redirectURI = fields["redirect_uri"], isLoopbackRedirect(redirectURI) else {
            return .failure(.page("redirect_uri must be an http URL on 127.0.0.1, [::1] or localhost (RFC 8252)."))
        }
        let state = fields["state"]
        func refuse(_ error: String, _ description: String) -> Result<AuthorizationRequest, Failure> {
            .failure(.redirect(to: redirectURI, error: error, description: description, state: state))
        }
        guard fields["response_type"] == "code" else {
            return refuse("unsupported_response_type", "Only response_type=code is supported.")
        }
        guard let challenge = fields["code_challenge"] else {
            return refuse("invalid_request", "PKCE is required: send code_challenge and code_challenge_method=S256.")
        }
        guard fields["code_challenge_method"] == "S256" else {
            return refuse("invalid_request", "Only code_challenge_method=S256 is supported.")
        }
        guard PKCEVerifier.isValid(challenge: challenge) else {
            return refuse("invalid_request", "code_challenge must be 43 base64url characters.")
        }
        return .success(AuthorizationRequest(
            clientID: clientID, redirectURI: redirectURI, state: state, codeChallenge: challenge,
            scope: fields["scope"] ?? "photos.read"))
    }

    /// The hidden form fields that carry this request through the approval page.
    var formFields: [(String, String)] {
        var fields = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI),
            ("code_challenge", codeChallenge), ("code_challenge_method", "S256"), ("scope", scope),
        ]
        if let state { fields.append(("state", state)) }
        return fields
    }

    /// `uri` with `fields` added to its query.
    static func redirect(_ uri: String, adding fields: [(String, String)]) -> String {
        let separator = uri.contains("?") ? "&" : "?"
        return uri + separator + FormFields.encode(fields)
    }

    /// Native apps redirect to a loopback listener (RFC 8252 §7.3); nothing else is accepted.
    static func isLoopbackRedirect(_ uri: String) -> Bool {
        guard let components = URLComponents(string: uri), components.scheme == "http",
              components.user == nil, components.password == nil, components.fragment == nil,
              let host = components.host
        else { return false }
        return ["127.0.0.1", "localhost", "[::1]", "::1"].contains(host.lowercased())
    }
}
