import Foundation
import PhotoSourceKit

/// The redirect that brings the person back from the provider: `…/callback?code=…&state=…`
/// or `…?error=access_denied&state=…`.
struct AuthorizationCallback: Sendable {
    /// The query parameters, the first value of each name.
    let parameters: [String: String]

    /// Reads the query of `url` (a pasted redirect URL or the request target the listener got).
    init(url: URL) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var parameters: [String: String] = [:]
        for item in items where parameters[item.name] == nil {
            parameters[item.name] = item.value ?? ""
        }
        self.parameters = parameters
    }

    /// The authorization code, after checking that `state` matches the one this sign-in sent.
    ///
    /// A missing or different `state` means the redirect was not caused by this sign-in (a
    /// forged or stale link) and is refused with `.authentication`.
    func code(expectedState: String) throws -> String {
        guard let state = parameters["state"], Self.constantTimeEquals(state, expectedState) else {
            throw PhotoSourceError(
                .authentication,
                "The sign-in redirect does not belong to this sign-in (its state does not match); start signing in again.")
        }
        if let error = parameters["error"] {
            throw OAuthErrorResponse(error: error, description: parameters["error_description"])
                .photoSourceError(context: "The provider did not grant access", secrets: [])
        }
        guard let code = parameters["code"], !code.isEmpty else {
            throw PhotoSourceError(.invalidData, "The sign-in redirect carries no authorization code; start signing in again.")
        }
        return code
    }

    /// Compares without stopping at the first difference, so timing does not reveal the state.
    private static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
