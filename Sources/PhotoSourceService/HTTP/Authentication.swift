import Foundation
import Hummingbird
import PhotoSourceKit

extension ServiceDependencies {
    /// Checks the shop's API key (`Authorization: Bearer`), comparing digests in constant time.
    func requireAPIKey(_ request: Request) throws {
        guard apiKeyIndex(of: BearerToken.from(request)) != nil else {
            throw Problem(status: .unauthorized, code: .invalidCredentials, detail: "This call needs the shop's API key as Authorization: Bearer KEY.")
        }
    }

    /// Which configured API key `token` is (its index), comparing digests in constant time; `nil` when none.
    func apiKeyIndex(of token: String?) -> Int? {
        let digest = token.map { Array(SecretHash.sha256Hex($0).utf8) } ?? []
        var matched: Int?
        for (index, stored) in apiKeyDigests.enumerated() {
            let hex = Array(stored.map { String(format: "%02x", $0) }.joined().utf8)
            if SecretHash.constantTimeEqual(hex, digest), matched == nil { matched = index }
        }
        return matched
    }

    /// The customer session of the request's bearer token, its expiry slid forward (unless the
    /// store is full: ``SessionSlide``); 401 otherwise.
    func requireSession(_ request: Request) async throws -> CustomerSession {
        guard let token = BearerToken.from(request),
              let session = try await SessionSlide.touch(
                  store, tokenHash: SecretHash.sha256Hex(token), now: now(), lifetime: TimeInterval(configuration.limits.sessionLifetimeSeconds))
        else {
            throw Problem(
                status: .unauthorized, code: .notLoggedIn,
                detail: "This call needs a live customer session token as Authorization: Bearer TOKEN; POST /v1/sessions makes one.")
        }
        VerifiedCaller.current?.recordSession()
        return session
    }
}
