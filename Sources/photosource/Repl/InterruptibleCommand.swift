import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C while a REPL command runs: SIGINT cancels the command and the REPL returns to the prompt
/// instead of dying. Created once per interactive session; SIGINT's default action is off from then on.
/// The `Mutex` `source` guards the signal source.
final class InterruptibleCommand: Sendable {
    private let cancelCurrent = CancelAction()
    private let source: Mutex<any DispatchSourceSignal>

    /// Starts catching SIGINT.
    init() {
        signal(SIGINT, SIG_IGN)
        source = Mutex(Self.signalSource(calling: cancelCurrent))
    }

    /// A running SIGINT source that calls `action`.
    private static func signalSource(calling action: CancelAction) -> any DispatchSourceSignal {
        let signals = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signals.setEventHandler { action.callAndClear() }
        signals.resume()
        return signals
    }

    deinit {
        source.withLock { $0.cancel() }
    }

    /// Runs `body`; returns its result, or `nil` as soon as SIGINT arrives (the body's task is
    /// cancelled then, and whatever it still returns is dropped).
    func run<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) async -> Value? {
        let result: Value? = await withCheckedContinuation { continuation in
            let pending = PendingResult(continuation)
            let task = Task { pending.resume(returning: await body()) }
            cancelCurrent.set {
                // nil first: a body that unwinds at once on cancellation (a sleep) would otherwise
                // resume with its own result, and the REPL would not say "Interrupted.".
                pending.resume(returning: nil)
                task.cancel()
            }
        }
        cancelCurrent.set(nil)
        return result
    }
}

/// A continuation resumed by whichever comes first, the command or Ctrl-C; the `Mutex` guards it.
private final class PendingResult<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value?, Never>?>

    init(_ continuation: CheckedContinuation<Value?, Never>) {
        self.continuation = Mutex(continuation)
    }

    /// Resumes with `value` the first time; later calls do nothing.
    func resume(returning value: Value?) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}

/// What SIGINT does now: cancel the running command, or nothing. The `Mutex` guards it.
private final class CancelAction: Sendable {
    private let action = Mutex<(@Sendable () -> Void)?>(nil)

    /// Replaces the action.
    func set(_ next: (@Sendable () -> Void)?) {
        action.withLock { $0 = next }
    }

    /// Runs the action, if any, once.
    func callAndClear() {
        action.withLock { $0.take() }?()
    }
}
