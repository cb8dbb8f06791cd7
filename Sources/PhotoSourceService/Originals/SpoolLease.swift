import Synchronization

/// A spooled original in use: its file is not deleted until ``release()`` (or until the lease is
/// dropped, so a response that is never written cannot keep a file forever).
final class SpoolLease: Sendable {
    /// The original.
    let original: SpooledOriginal
    private let fileName: String
    private let spool: OriginalsSpool
    private let isReleased = Atomic<Bool>(false)

    init(original: SpooledOriginal, fileName: String, spool: OriginalsSpool) {
        self.original = original
        self.fileName = fileName
        self.spool = spool
    }

    deinit {
        release()
    }

    /// Lets the spool evict the file again (once; later calls do nothing).
    func release() {
        guard !isReleased.exchange(true, ordering: .acquiringAndReleasing) else { return }
        spool.release(fileName: fileName)
    }
}
