import Foundation
import PhotoNetworking
import PhotoSourceKit

extension ServiceDependencies {
    /// Runs `body` with source `id` as session `sessionID` sees it: shared sources as they are,
    /// per-session and per-customer ones (Uploads, Received) as that session or its customer owns them,
    /// sign-in sources over that session's own tokens (`not-logged-in` when it has none), whose
    /// refreshed tokens are sealed back into the store afterwards. Per-session and per-customer
    /// sources need the session alive (`not-logged-in` once it is revoked or expired), except a
    /// per-session source read `forOrder`: the order pipeline fetching what the session ordered.
    func withSource<T: Sendable>(
        _ id: String, session sessionID: String, forOrder: Bool = false, _ body: @escaping @Sendable (ServiceSource) async throws -> T
    ) async throws -> T {
        let entry = try catalog.source(id)
        if let perSession = entry.perSession {
            // The session's own uploads: only while it lives, so a revoked or expired session's
            // signed URLs stop at once (the files go at the next purge); an order the session
            // placed still reads them after it ended.
            if !forOrder { _ = try await liveSession(sessionID) }
            return try await body(try perSession(sessionID))
        }
        if let perCustomer = entry.perCustomer {
            return try await body(try perCustomer(try await liveSession(sessionID).customerKey))
        }
        guard let signIn = entry.signIn else { return try await body(entry) }
        guard let sealed = try await store.signIn(session: sessionID, source: id) else {
            throw PhotoSourceError(.notLoggedIn, "Sign in to \(entry.source.title) first: POST /v1/sources/\(id)/sign-in.")
        }
        let credentials = SessionCredentialStore(try openCredentials(sealed))
        let result = try await body(try signIn.open(credentials))
        let (now, changed) = credentials.current
        if changed {
            if let now {
                try await store.saveSignIn(session: sessionID, source: id, sealed: try sealCredentials(now))
            } else {
                try await store.deleteSignIn(session: sessionID, source: id)
            }
        }
        return result
    }

    /// The session `id` if it has neither expired nor been revoked, else `not-logged-in`.
    private func liveSession(_ id: String) async throws -> CustomerSession {
        guard let session = try await store.session(id: id, now: now()) else {
            throw PhotoSourceError(.notLoggedIn, "This session has ended; POST /v1/sessions makes a new one.")
        }
        return session
    }

    /// Credentials sealed with the configured AES-GCM key, for the store.
    func sealCredentials(_ credentials: Credentials) throws -> Data {
        try sealing().seal(try JSONEncoder().encode(credentials))
    }

    func openCredentials(_ sealed: Data) throws -> Credentials {
        try JSONDecoder().decode(Credentials.self, from: try sealing().open(sealed))
    }

    func sealing() throws -> AESGCMCredentialSealing {
        try AESGCMCredentialSealing(base64Key: configuration.sealingKey, origin: "The configuration's sealingKey")
    }
}
