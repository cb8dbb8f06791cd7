import CCurl
import Foundation
import PhotoSourceKit
import Synchronization

/// One dedicated thread that drives a curl multi handle: it starts the transfers it is handed,
/// runs them all concurrently (sharing connections, HTTP/2 where the server offers it), and
/// resumes each caller when its transfer ends. Callers never block: they queue an order and
/// wake the thread with `curl_multi_wakeup`.
final class CurlMultiDriver: Sendable {
    /// Orders and cancellations waiting for the thread, and the address of the multi handle
    /// for `curl_multi_wakeup` (the only curl call made off the thread, documented thread-safe).
    /// The address is set and cleared by the thread under this lock, and only used under it.
    private struct Inbox {
        var orders: [TransferOrder] = []
        var cancellations: [UInt64] = []
        var stopping = false
        var multiAddress: UInt?
    }

    private let inbox = Mutex(Inbox())

    init() {
        CurlRuntime.initializeOnce()
        let thread = Thread { [self] in run() }
        thread.name = "PhotoNetworking.curl"
        thread.start()
    }

    /// Queues `order`; its continuation is resumed from the driver thread.
    func submit(_ order: TransferOrder) {
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopping else { return false }
            inbox.orders.append(order)
            Self.wake(inbox)
            return true
        }
        if !accepted {
            order.continuation.resume(throwing: TransferFailure(PhotoSourceError(.cancelled, "The HTTP client was shut down.")))
        }
    }

    /// Asks the thread to abandon transfer `id` (if it is still running).
    func cancel(_ id: UInt64) {
        inbox.withLock { inbox in
            inbox.cancellations.append(id)
            Self.wake(inbox)
        }
    }

    /// Stops the thread: running transfers end with `.cancelled`, the multi handle is freed.
    func shutdown() {
        inbox.withLock { inbox in
            inbox.stopping = true
            Self.wake(inbox)
        }
    }

    private static func wake(_ inbox: borrowing Inbox) {
        if let address = inbox.multiAddress, let multi = UnsafeMutableRawPointer(bitPattern: address) {
            curl_multi_wakeup(multi)
        }
    }

    /// The thread's loop; everything curl-related below is confined to this thread.
    private func run() {
        guard let multi = curl_multi_init() else {
            failEverything(reason: "Could not start the network thread (curl_multi_init failed).")
            return
        }
        inbox.withLock { $0.multiAddress = UInt(bitPattern: multi) }
        var active: [UInt64: ActiveTransfer] = [:]
        while true {
            let (orders, cancellations, stopping) = inbox.withLock { inbox in
                defer {
                    inbox.orders.removeAll()
                    inbox.cancellations.removeAll()
                }
                return (inbox.orders, inbox.cancellations, inbox.stopping)
            }
            for order in orders { start(order, in: multi, active: &active) }
            for id in cancellations {
                guard let transfer = active.removeValue(forKey: id) else { continue }
                curl_multi_remove_handle(multi, transfer.easy.handle)
                transfer.finish(TransferFailure(PhotoSourceError(.cancelled, "The request to \(transfer.shownURL) was cancelled.")))
            }
            if stopping { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            collectFinished(multi, active: &active)
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        for transfer in active.values {
            curl_multi_remove_handle(multi, transfer.easy.handle)
            transfer.finish(TransferFailure(PhotoSourceError(.cancelled, "The HTTP client was shut down.")))
        }
        active.removeAll()
        inbox.withLock { $0.multiAddress = nil }
        curl_multi_cleanup(multi)
        failEverything(reason: "The HTTP client was shut down.")
    }

    private func start(_ order: TransferOrder, in multi: UnsafeMutableRawPointer, active: inout [UInt64: ActiveTransfer]) {
        if order.cancellation.isCancelled {
            order.continuation.resume(throwing: TransferFailure(PhotoSourceError(
                .cancelled, "The request to \(order.request.url.redactedDescription) was cancelled.")))
            return
        }
        do throws(PhotoSourceError) {
            let transfer = try ActiveTransfer(order: order)
            try transfer.configure()
            guard curl_multi_add_handle(multi, transfer.easy.handle) == CURLM_OK else {
                transfer.finish(TransferFailure(PhotoSourceError(.unknown, "Could not start the request to \(transfer.shownURL).")))
                return
            }
            active[order.id] = transfer
        } catch {
            order.continuation.resume(throwing: TransferFailure(error))
        }
    }

    private func collectFinished(_ multi: UnsafeMutableRawPointer, active: inout [UInt64: ActiveTransfer]) {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let result = message.pointee.data.result
            var context: UnsafeMutableRawPointer?
            CCurl_getinfo_pointer(handle, CURLINFO_PRIVATE, &context)
            curl_multi_remove_handle(multi, handle)
            guard let context, let transfer = active.removeValue(forKey: UInt64(UInt(bitPattern: context))) else { continue }
            transfer.finish(result)
        }
    }

    /// Resumes orders that can no longer run (the thread is gone or never started).
    private func failEverything(reason: String) {
        let orders = inbox.withLock { inbox in
            inbox.stopping = true
            defer { inbox.orders.removeAll() }
            return inbox.orders
        }
        for order in orders {
            order.continuation.resume(throwing: TransferFailure(PhotoSourceError(.cancelled, reason)))
        }
    }
}
