import Foundation
import PhotoSourceKit
import Synchronization

/// A sign-in flow that issues numbered tokens and counts refreshes; it can be told the grant is gone.
final class FakeSignInFlow: SignInFlow {
    let refreshes = Counter()
    private let grantRevoked = Mutex(false)
    let lifetime: TimeInterval

    init(lifetime: TimeInterval = 3600) {
        self.lifetime = lifetime
    }

    func revokeGrant() { grantRevoked.withLock { $0 = true } }

    func begin() async throws -> AuthChallenge {
        .browser(url: URL(string: "http://127.0.0.1:1/authorize?state=s")!, state: "s")
    }

    func complete(_ challenge: AuthChallenge, callback: URL?) async throws -> Credentials {
        Credentials(accessToken: "access-0", refreshToken: "refresh-0", expiresAt: Date().addingTimeInterval(lifetime), account: "ada")
    }

    func refresh(_ credentials: Credentials) async throws -> Credentials {
        if grantRevoked.withLock({ $0 }) {
            throw PhotoSourceError(.invalidCredentials, "invalid_grant")
        }
        refreshes.increment()
        try await Task.sleep(for: .milliseconds(20))
        let n = refreshes.count
        return Credentials(accessToken: "access-\(n)", refreshToken: "refresh-\(n)", expiresAt: Date().addingTimeInterval(lifetime))
    }
}
