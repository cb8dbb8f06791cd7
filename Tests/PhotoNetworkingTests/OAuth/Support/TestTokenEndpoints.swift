import Foundation
import Hummingbird
import NIOCore
@testable import PhotoNetworking

/// The routes of ``TestTokenServer``.
enum TestTokenEndpoints {
    static let deviceGrant = "urn:ietf:params:oauth:grant-type:device_code"

    static func router(ledger: TestTokenServer.Ledger) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("authorize") { request, _ in
            authorize(fields(request.uri.query ?? ""), ledger: ledger)
        }
        router.post("token") { request, _ in
            let body = try await request.body.collect(upTo: 1 << 16)
            let form = fields(String(buffer: body))
            if form["grant_type"] == "refresh_token" { try await Task.sleep(for: ledger.withLock { $0.refreshDelay }) }
            return token(form, ledger: ledger)
        }
        router.post("device") { request, _ in
            let body = try await request.body.collect(upTo: 1 << 16)
            let form = fields(String(buffer: body))
            guard form["client_id"] == TestTokenServer.clientID else { return error(401, "invalid_client") }
            let deviceCode = "device-\(UUID().uuidString)"
            let userCode = "WDJB-\(Int.random(in: 1000...9999))"
            ledger.withLock { $0.deviceCodes[userCode] = deviceCode }
            return json(200, [
                "device_code": deviceCode, "user_code": userCode, "verification_uri": "http://127.0.0.1/verify",
                "expires_in": 600, "interval": 1,
            ])
        }
        return router
    }

    /// Auto-approves: redirects to `redirect_uri` with a fresh code and the state echoed.
    static func authorize(_ query: [String: String], ledger: TestTokenServer.Ledger) -> Response {
        guard let location = approvalRedirect(for: query, ledger: ledger) else { return Response(status: .badRequest) }
        return Response(status: .found, headers: [.location: location])
    }

    /// Where an approved authorization request redirects to, or `nil` when the request is invalid.
    static func approvalRedirect(for query: [String: String], ledger: TestTokenServer.Ledger) -> String? {
        guard query["response_type"] == "code", query["client_id"] == TestTokenServer.clientID,
            query["code_challenge_method"] == "S256", let challenge = query["code_challenge"],
            let redirectURI = query["redirect_uri"], redirectURI.hasPrefix("http://127.0.0.1:"),
            let state = query["state"]
        else { return nil }
        let code = "code-\(UUID().uuidString)"
        ledger.withLock { $0.codes[code] = (challenge, redirectURI) }
        return redirectURI + "?" + FormBody(["code": code, "state": state]).encodedString
    }

    static func token(_ form: [String: String], ledger: TestTokenServer.Ledger) -> Response {
        ledger.withLock {
            $0.tokenRequests += 1
            $0.forms.append(form)
        }
        guard form["client_id"] == TestTokenServer.clientID else { return error(401, "invalid_client") }
        switch form["grant_type"] {
        case "authorization_code":
            let entry = ledger.withLock { $0.codes.removeValue(forKey: form["code"] ?? "") }
            guard let entry, entry.redirectURI == form["redirect_uri"], let verifier = form["code_verifier"],
                PKCE.challenge(for: verifier) == entry.challenge
            else { return error(400, "invalid_grant") }
            return issue(ledger: ledger)
        case "refresh_token":
            let presented = form["refresh_token"] ?? ""
            let known = ledger.withLock {
                $0.refreshRequests += 1
                return $0.refreshTokens.remove(presented) != nil  // rotation: each refresh token works once
            }
            // The description echoes the token, as careless servers do: the client must not repeat it.
            guard known else { return error(400, "invalid_grant", "refresh token \(presented) is unknown") }
            return issue(ledger: ledger)
        case deviceGrant:
            let step = ledger.withLock { entries -> TestTokenServer.DeviceStep in
                let code = form["device_code"] ?? ""
                guard var script = entries.deviceScripts[code], !script.isEmpty else { return .deny }
                let step = script.removeFirst()
                entries.deviceScripts[code] = script
                return step
            }
            switch step {
            case .pending: return error(400, "authorization_pending")
            case .slowDown: return error(400, "slow_down")
            case .deny: return error(400, "access_denied")
            case .expire: return error(400, "expired_token")
            case .approve: return issue(ledger: ledger)
            }
        default:
            return error(400, "unsupported_grant_type")
        }
    }

    /// New access and refresh tokens (the refresh token is remembered as valid).
    static func issue(ledger: TestTokenServer.Ledger) -> Response {
        let refresh = "refresh-\(UUID().uuidString)"
        let serial = ledger.withLock { entries -> Int in
            entries.issued += 1
            entries.refreshTokens.insert(refresh)
            return entries.issued
        }
        return json(200, [
            "access_token": "access-\(serial)-\(UUID().uuidString)", "token_type": "Bearer", "expires_in": 3600,
            "refresh_token": refresh, "scope": "photos.read profile", "account": "tester",
        ])
    }

    static func error(_ status: Int, _ code: String, _ description: String? = nil) -> Response {
        var body: [String: Any] = ["error": code]
        if let description { body["error_description"] = description }
        return json(status, body)
    }

    static func json(_ status: Int, _ object: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return Response(
            status: .init(code: status), headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Parses a form body or query (percent-encoding; `+` as space).
    static func fields(_ text: String) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = text.replacingOccurrences(of: "+", with: "%20")
        var result: [String: String] = [:]
        for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
        return result
    }
}
