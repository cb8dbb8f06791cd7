public import Foundation
import Hummingbird
import Logging
import PhotoSourceKit
import Synchronization

/// A demo upload endpoint for the service's `httpUpload` destination: a real HTTP server on
/// 127.0.0.1 that takes one `multipart/form-data` POST per photo at `/uploads` and keeps each
/// `Idempotency-Key` once, for `photosource demo-uploads`, demos and tests.
///
/// An HTTP sender delivers at least once: a POST whose answer was lost (the sender died, the
/// connection dropped) is sent again with the same key. This receiver shows what every receiver
/// has to do about it, as Stripe's and Prodigi's APIs do: the first POST with a key is stored and
/// its answer remembered; a repeat gets that answer again (`Idempotent-Replayed: true`) and is not
/// stored; a repeat that arrives while the first is still being stored gets 409 (the sender tries
/// again); a key reused for a different upload gets 422. A POST without a key is refused (400).
///
/// ```swift
/// let receiver = DemoUploadReceiver()
/// let base = try await receiver.start(folder: URL(fileURLWithPath: "/tmp/uploads"))
/// // configure {"kind": "httpUpload", "url": "\(base)/uploads"}; later:
/// print(receiver.statistics.replays, receiver.uploads.count)
/// ```
public final class DemoUploadReceiver: Sendable {
    private let state = UploadReceiverState()
    private let slot = LoopbackServerSlot()

    /// Creates a stopped receiver.
    public init() {}

    /// Starts listening on 127.0.0.1 and returns the base URL (uploads go to `<base>/uploads`).
    ///
    /// - Parameters:
    ///   - port: the port, or 0 for an ephemeral one.
    ///   - folder: where files are written (`<folder>/<orderId>/<index>-<md5>.<ext>`, atomically),
    ///     or `nil` to keep only their records.
    /// - Throws: `.connection` when the port cannot be bound, `.invalidData` when already running.
    public func start(port: Int = 0, folder: URL? = nil) async throws -> URL {
        try await slot.start("The demo upload receiver") {
            state.folder.withLock { $0 = folder }
            state.isStopping.store(false, ordering: .relaxed)
            let router = Router()
            UploadEndpoint(state: state).register(on: router)
            return try await LoopbackServer.start(router: router, port: port, name: "The demo upload receiver", serverName: "DemoUploads")
        }
    }

    /// Stops the receiver: held answers end at once, requests in progress finish, then the
    /// connections close. Does nothing when it is not running.
    public func stop() async {
        guard let server = slot.take() else { return }
        state.isStopping.store(true, ordering: .relaxed)
        await server.stop()
    }

    /// Waits until the receiver stops; returns at once when it is not running.
    public func waitUntilStopped() async {
        await slot.waitUntilStopped()
    }

    /// Where uploads are POSTed (`<base>/uploads`) while running, else `nil`.
    public var uploadURL: URL? {
        slot.server?.url.appendingPathComponent("uploads")
    }

    /// Every upload kept, in the order they were stored (one per key).
    public var uploads: [StoredUpload] { state.stored.withLock { $0 } }

    /// What the receiver has seen so far.
    public var statistics: Statistics { state.statistics.withLock { $0 } }

    /// The faults injected from now on.
    public var faults: Faults {
        get { state.faults.withLock { $0 } }
        set { state.faults.withLock { $0 = newValue } }
    }
}
