import Foundation
import PhotoSourceKit

extension Repl {
    /// `login`: starts signing in to the current source, prints what the person would do
    /// (open a URL, or enter a code at a link), and waits until the sign-in is complete.
    func login() async throws {
        let source = try await signInSource()
        let output = output
        let style = style
        try await source.signIn { challenge in
            output.lines(Self.instructions(for: challenge, style: style))
        }
        output.line(TerminalText.escaped("Signed in to \(source.title)\(await Self.accountSuffix(source.authSession))."))
    }

    /// `logout`: signs out of the current source and forgets the stored sign-in; says so only
    /// when there was one.
    func logout() async throws {
        let source = try await signInSource()
        let wasSignedOut = await source.authSession.state == .signedOut
        try await source.signOut()
        output.line(TerminalText.escaped(
            wasSignedOut
                ? "Not signed in to \(source.title); there was no sign-in to forget."
                : "Signed out of \(source.title); its stored sign-in is gone."))
    }

    /// `whoami`: who is signed in to the current source, or how to sign in.
    func whoami() async {
        let source = await browser.source
        guard let signing = source as? any InteractiveSignIn else {
            output.line(TerminalText.escaped("\(source.title) needs no sign-in."))
            return
        }
        switch await signing.authSession.state {
        case .signedIn:
            output.line(TerminalText.escaped("Signed in to \(source.title)\(await Self.accountSuffix(signing.authSession))."))
        case .signedOut:
            output.line(TerminalText.escaped("Not signed in to \(source.title); type `login` to sign in."))
        case .needsSignIn(let reason):
            output.line(TerminalText.escaped("The sign-in to \(source.title) no longer works (\(reason)); type `login` to sign in again."))
        }
    }

    /// The one line shown when a command needs a sign-in: which source, and to type `login`.
    func signInHint(for error: PhotoSourceError) async -> String {
        let source = await browser.source
        guard source is any InteractiveSignIn else { return ErrorText.line(for: error) }
        return TerminalText.escaped("\(source.title) needs you to sign in; type `login`.")
    }

    /// What the person would do for `challenge`, as lines to print.
    static func instructions(for challenge: AuthChallenge, style: TextStyle) -> [String] {
        switch challenge {
        case .browser(let url, _):
            ["To sign in, open this address in a browser:", "  " + style.strong(TerminalText.escaped(url.absoluteString)), "Waiting for the sign-in to finish…"]
        case .deviceCode(let userCode, let verificationURL, _, _):
            [
                "To sign in, open \(style.strong(TerminalText.escaped(verificationURL.absoluteString))) and enter the code \(style.strong(TerminalText.escaped(userCode))).",
                "Waiting for the sign-in to finish…",
            ]
        }
    }

    /// ` as ACCOUNT`, or nothing when the session does not know the account.
    private static func accountSuffix(_ session: AuthSession) async -> String {
        await session.account.map { " as \($0)" } ?? ""
    }

    /// The current source when it is one a person signs in to, else a one-line error.
    private func signInSource() async throws -> any InteractiveSignIn {
        let source = await browser.source
        guard let signing = source as? any InteractiveSignIn else {
            throw PhotoSourceError(.invalidData, "\(source.title) needs no sign-in; `login` is for sources such as cloud:URL.")
        }
        return signing
    }
}
