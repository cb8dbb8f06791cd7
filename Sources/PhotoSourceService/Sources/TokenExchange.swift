import Foundation
import PhotoNetworking
import PhotoSourceKit

/// The authorization-code exchange at a provider's token endpoint (RFC 6749 §4.1.3 with PKCE),
/// through PhotoNetworking's client under the address policy (the provider's origin trusted).
enum TokenExchange {
    private struct TokenResponse: Decodable {
        let access_token: String
        let refresh_token: String?
        let expires_in: Double?
        let scope: String?
        let account: String?
    }

    static func exchange(code: String, verifier: String, redirectURI: String, signIn: CloudSignIn) async throws -> Credentials {
        var form = URLComponents()
        form.queryItems = [
            URLQueryItem(name: "grant_type", value: "authorization_code"), URLQueryItem(name: "code", value: code),
            URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "client_id", value: signIn.clientID),
            URLQueryItem(name: "code_verifier", value: verifier),
        ]
        let body = (form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        let options = try signIn.endpointOptions()
        let response = try await HTTPClient.shared.send(HTTPRequest(
            url: signIn.tokenEndpoint, method: "POST",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: Data(body.utf8), options: options))
        guard response.status == 200, let token = try? JSONDecoder().decode(TokenResponse.self, from: response.body) else {
            throw PhotoSourceError(.authentication, "The provider did not accept the sign-in code (HTTP \(response.status)); start the sign-in again.")
        }
        return Credentials(
            accessToken: token.access_token, refreshToken: token.refresh_token,
            expiresAt: token.expires_in.map { Date().addingTimeInterval($0) }, account: token.account, scope: token.scope)
    }
}
