import Foundation
import Synchronization

/// Everything a ``DemoUploadReceiver`` shares between requests: the key book, what was stored,
/// the counters and the faults, each behind its own lock.
final class UploadReceiverState: Sendable {
    let book = Mutex(UploadKeyBook())
    let stored = Mutex<[DemoUploadReceiver.StoredUpload]>([])
    let statistics = Mutex(DemoUploadReceiver.Statistics())
    let faults = Mutex(DemoUploadReceiver.Faults.none)
    /// Where files are written (`<folder>/<orderId>/<index>-<md5>.<ext>`), or `nil` to keep only their records.
    let folder: Mutex<URL?> = Mutex(nil)
    /// Set while stopping, so held answers end at once.
    let isStopping = Atomic(false)

    /// Updates the counters.
    func record(_ update: (inout DemoUploadReceiver.Statistics) -> Void) {
        statistics.withLock { update(&$0) }
    }

    /// Sleeps for `duration` in short steps; returns early when the receiver stops.
    func hold(for duration: Duration) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration)
        while clock.now < deadline, !isStopping.load(ordering: .relaxed) {
            do { try await Task.sleep(for: min(.milliseconds(50), deadline - clock.now)) } catch { return }
        }
    }
}
