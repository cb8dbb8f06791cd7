import Foundation
import PhotoSourceKit
import Synchronization

/// One HTTP exchange (a single hop: redirects are separate orders) handed to the driver thread.
struct TransferOrder: Sendable {
    /// Unique per client; used to cancel.
    let id: UInt64
    let request: HTTPRequest
    /// Where a 2xx body goes: `nil` keeps it in memory, else the file (via a temp file and rename).
    let file: URL?
    let progress: (@Sendable (_ received: Int64, _ expected: Int64?) -> Void)?
    let cancellation: CancellationFlag
    let continuation: CheckedContinuation<HTTPResponse, any Error>
}

/// Set by the task's cancellation handler; read by the driver when it picks up the order, so a
/// cancellation that arrives before the order is still honoured.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    func cancel() {
        flag.store(true, ordering: .releasing)
    }

    var isCancelled: Bool {
        flag.load(ordering: .acquiring)
    }
}

/// A failed hop: the error to report and whether another attempt could succeed.
struct TransferFailure: Error, Sendable {
    let error: PhotoSourceError
    /// A dropped connection or similar, worth retrying for idempotent requests.
    let isTransient: Bool

    init(_ error: PhotoSourceError, isTransient: Bool = false) {
        self.error = error
        self.isTransient = isTransient
    }
}
