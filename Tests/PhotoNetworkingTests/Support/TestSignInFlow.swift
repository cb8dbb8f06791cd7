import Foundation
import PhotoSourceKit
import Synchronization

/// A sign-in flow whose refresh hands out `fresh-1`, `fresh-2`, … and counts the calls.
final class TestSignInFlow: SignInFlow {
    private let refreshes = Mutex(0)

    /// How many refreshes were asked for.
    var refreshCount: Int { refreshes.withLock { $0 } }

    func begin() async throws -> AuthChallenge {
        throw PhotoSourceError(.authentication, "Interactive sign-in is not part of these tests.")
    }

    func complete(_ challenge: AuthChallenge, callback: URL?) async throws -> Credentials {
        throw PhotoSourceError(.authentication, "Interactive sign-in is not part of these tests.")
    }

    func refresh(_ credentials: Credentials) async throws -> Credentials {
        let number = refreshes.withLock { count in
            count += 1
            return count
        }
        return Credentials(accessToken: "fresh-\(number)", refreshToken: "refresh")
    }

    /// A signed-in session holding `token` (and a refresh token) in an in-memory store.
    func session(token: String) throws -> AuthSession {
        let store = InMemoryCredentialStore()
        try store.save(Credentials(accessToken: token, refreshToken: "refresh"), for: "test-cloud")
        return AuthSession(sourceID: "test-cloud", store: store, flow: self)
    }
}
