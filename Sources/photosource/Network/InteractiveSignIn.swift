import PhotoSourceKit
import SampleSources

/// A source a person signs in to from the CLI: `login`, `logout`, `whoami`, and `check`.
protocol InteractiveSignIn: PhotoSource {
    /// The sign-in session (its state and account).
    var authSession: AuthSession { get }
    /// Signs in: hands the challenge to `present` (to show what the person would do), then
    /// waits until the sign-in is complete.
    func signIn(present: @Sendable (AuthChallenge) async throws -> Void) async throws
}

extension RemoteAlbumSource: InteractiveSignIn {}
