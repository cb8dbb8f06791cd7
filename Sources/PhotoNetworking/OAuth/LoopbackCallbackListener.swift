import Foundation
import PhotoSourceKit
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A one-shot HTTP listener on 127.0.0.1 that receives the browser's OAuth redirect
/// (RFC 8252 §7.3: loopback redirect, ephemeral port).
///
/// Waiting runs on a dedicated thread (blocking `poll`/`accept`), bridged to async; it ends
/// at the first request to the callback path, on timeout, on ``close()`` or on cancellation.
/// Other paths (a browser's `/favicon.ico`) get a 404 and waiting goes on.
final class LoopbackCallbackListener: Sendable {
    /// The port the listener is bound to.
    let port: UInt16
    /// The path the provider redirects to, such as `/callback`.
    let callbackPath: String

    private enum State {
        case ready(Int32)
        case serving(Int32, stopRequested: Bool)
        case closed
    }

    private let state: Mutex<State>
    /// The longest request head read from the browser.
    static let maximumRequestBytes = 16 * 1024

    /// Binds to `127.0.0.1:port` (`0`: an ephemeral port) and starts listening.
    init(port: UInt16 = 0, callbackPath: String = "/callback") throws {
        let fd = try LoopbackSocket.listen(port: port)
        do {
            self.port = try LoopbackSocket.boundPort(of: fd)
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.callbackPath = callbackPath
        self.state = Mutex(.ready(fd))
    }

    deinit { close() }

    /// `http://127.0.0.1:<port><callbackPath>`: the `redirect_uri` sent to the provider.
    var redirectURI: URL {
        URL(string: "http://127.0.0.1:\(port)\(callbackPath)")!
    }

    /// Waits for the redirect and returns its authorization code after checking `expectedState`.
    ///
    /// The browser gets the "you can close this window" page on success, or a 400 page with the
    /// reason when the state does not match or the provider reported an error (which is thrown).
    /// The listener closes afterwards.
    func waitForCode(expectedState: String, timeout: Duration) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                    let thread = Thread {
                        continuation.resume(with: Result { try self.serve(expectedState: expectedState, deadline: deadline) })
                    }
                    thread.name = "photosource.oauth-callback"
                    thread.start()
                }
            } onCancel: {
                close()
            }
        } catch where Task.isCancelled {
            throw PhotoSourceError(.cancelled, "Stopped waiting for the browser to finish signing in.", underlying: error)
        }
    }

    /// Stops listening. A wait in progress ends with `.cancelled`.
    func close() {
        let descriptor: Int32? = state.withLock { state in
            switch state {
            case .ready(let fd):
                state = .closed
                return fd
            case .serving(let fd, _):
                state = .serving(fd, stopRequested: true)
                return nil
            case .closed:
                return nil
            }
        }
        if let descriptor { Glibc.close(descriptor) }
    }

    // MARK: - The serving thread

    private func serve(expectedState: String, deadline: ContinuousClock.Instant) throws -> String {
        let fd = try state.withLock { state -> Int32 in
            switch state {
            case .ready(let fd):
                state = .serving(fd, stopRequested: false)
                return fd
            case .serving:
                throw PhotoSourceError(.authentication, "This sign-in is already waiting for the browser.")
            case .closed:
                throw PhotoSourceError(.authentication, "This sign-in was closed; start signing in again.")
            }
        }
        defer {
            state.withLock { $0 = .closed }
            Glibc.close(fd)
        }
        while true {
            let stop = state.withLock { state in
                if case .serving(_, true) = state { true } else { false }
            }
            if stop { throw PhotoSourceError(.cancelled, "Stopped waiting for the browser to finish signing in.") }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw PhotoSourceError(
                    .authentication,
                    "The browser did not come back from the sign-in page in time; start signing in again.")
            }
            guard try LoopbackSocket.waitReadable(fd, upTo: min(remaining, .milliseconds(200))) else { continue }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { continue }  // the browser gave up; keep listening
            defer { Glibc.close(client) }
            if let outcome = answer(client, expectedState: expectedState) { return try outcome.get() }
        }
    }

    /// Reads one request and answers it; `nil` when it was not the callback (keep waiting).
    private func answer(_ client: Int32, expectedState: String) -> Result<String, any Error>? {
        LoopbackSocket.setTimeouts(client, seconds: 5)
        guard let head = LoopbackSocket.readHead(client, limit: Self.maximumRequestBytes) else {
            LoopbackSocket.send(CallbackPage.failure("The request could not be read."), to: client)
            return nil
        }
        // "\r\n" is one Character, and it is a newline.
        let requestLine = head.prefix { !$0.isNewline }.split(separator: " ")
        guard requestLine.count == 3 else {
            LoopbackSocket.send(CallbackPage.failure("The request could not be read."), to: client)
            return nil
        }
        guard requestLine[0] == "GET" else {
            LoopbackSocket.send(CallbackPage.methodNotAllowed, to: client)
            return nil
        }
        let target = String(requestLine[1])
        guard target.hasPrefix("/"), let url = URL(string: "http://127.0.0.1:\(port)\(target)"),
            url.path == callbackPath
        else {
            LoopbackSocket.send(CallbackPage.notFound, to: client)
            return nil
        }
        let outcome = Result { try AuthorizationCallback(url: url).code(expectedState: expectedState) }
        switch outcome {
        case .success:
            LoopbackSocket.send(CallbackPage.success, to: client)
        case .failure(let error):
            let reason = (error as? PhotoSourceError)?.message ?? "The sign-in failed."
            LoopbackSocket.send(CallbackPage.failure(reason), to: client)
        }
        return outcome
    }
}
