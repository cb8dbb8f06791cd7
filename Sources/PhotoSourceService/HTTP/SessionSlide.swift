import Foundation
import Logging
import PhotoSourceKit
import Synchronization

/// Sliding a customer session's expiry forward is a write; a full disk must not turn a live
/// session into an error while the customer only browses.
///
/// When the slide fails for want of room (``StorageFull``), the session is answered from a read
/// (``ServiceStore/session(tokenHash:now:)``) with its expiry where it was, and the first such
/// deferral is logged once: again only after a slide has succeeded in between. Whatever needs to
/// save something (a new session, an order) still answers `503 storage-full`.
enum SessionSlide {
    /// The log the deferral goes to (the service's label).
    static let logger = Logger(label: "photosource.service")
    /// Whether a deferral was logged since the last slide that succeeded.
    private static let deferring = Atomic<Bool>(false)

    /// The live session of `tokenHash` at `now`, slid to `now + lifetime` when the store can write.
    static func touch(_ store: any ServiceStore, tokenHash: String, now: Date, lifetime: TimeInterval) async throws -> CustomerSession? {
        do {
            let session = try await store.touchSession(tokenHash: tokenHash, now: now, lifetime: lifetime)
            if deferring.load(ordering: .relaxed) { deferring.store(false, ordering: .relaxed) }
            return session
        } catch {
            guard let full = StorageFull.recognise(error) else { throw error }
            if !deferring.exchange(true, ordering: .relaxed) {
                logger.warning(
                    "the store is full: session expiries are not slid forward until it has room; sessions still answer from reads",
                    metadata: ["cause": "\(full.detail ?? full.message)"])
            }
            return try await store.session(tokenHash: tokenHash, now: now)
        }
    }
}
