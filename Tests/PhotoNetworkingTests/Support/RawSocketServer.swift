import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A tiny misbehaving HTTP server for tests: a POSIX listening socket on a loopback address,
/// an accept thread, and one thread per connection running `behavior`. It counts accepted
/// connections, so a test can assert that nothing connected.
final class RawSocketServer: Sendable {
    /// One accepted connection, handed to the behavior.
    struct Connection: Sendable {
        let fd: Int32

        /// Reads until the end of the request headers (or the peer closes); returns them.
        @discardableResult
        func readRequestHead() -> String {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while recv(fd, &byte, 1, 0) == 1 {
                bytes.append(byte)
                if bytes.count >= 4, bytes.suffix(4) == [13, 10, 13, 10] { break }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Sends `text`; returns false once the peer is gone.
        @discardableResult
        func send(_ text: String) -> Bool { send(Array(text.utf8)) }

        /// Sends `bytes`; returns false once the peer is gone.
        @discardableResult
        func send(_ bytes: [UInt8]) -> Bool {
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { return false }
                sent += n
            }
            return true
        }

        /// Waits until the peer closes the connection (or the server stops).
        func waitForClose() {
            var byte: UInt8 = 0
            while recv(fd, &byte, 1, 0) > 0 {}
        }
    }

    private struct State {
        var connections: [Int32] = []
        var stopped = false
    }

    let host: String
    let port: Int
    private let listener: Int32
    private let accepted = Atomic<Int>(0)
    private let state = Mutex(State())

    /// The number of connections accepted so far.
    var acceptCount: Int { accepted.load(ordering: .acquiring) }
    /// `http://host:port`.
    var origin: String { "http://\(host):\(port)" }

    /// Starts listening on `host` (a loopback address) and an ephemeral port.
    init(host: String = "127.0.0.1", behavior: @escaping @Sendable (Connection) -> Void) throws {
        let fd = socket(AF_INET, 1 | 0o2000000, 0)  // SOCK_STREAM | SOCK_CLOEXEC by value, as in LoopbackSocket
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, host, &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.host = host
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = fd
        let thread = Thread { [self] in acceptLoop(behavior) }
        thread.start()
    }

    /// Only this thread closes the listener, and only once `stop()` has shut it down: were it
    /// closed earlier, the number could be reused by another test's socket before this loop's
    /// next `accept` (which would take, and reset, that test's connection) or `stop()`'s
    /// `shutdown` (which would cut it). A failed `accept` (a client that gave up, no descriptors
    /// left) is tried again until the server is stopped.
    private func acceptLoop(_ behavior: @escaping @Sendable (Connection) -> Void) {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                let code = errno
                if state.withLock({ $0.stopped }) { return }
                if code != EINTR, code != ECONNABORTED { usleep(1_000) }
                continue
            }
            let keep = state.withLock { state -> Bool in
                if state.stopped { return false }
                state.connections.append(client)
                return true
            }
            guard keep else {
                close(client)
                return
            }
            accepted.add(1, ordering: .releasing)
            Thread { [self] in
                behavior(Connection(fd: client))
                // Closed under the lock, so stop() never shuts down a reused descriptor number.
                state.withLock { state in
                    state.connections.removeAll { $0 == client }
                    close(client)
                }
            }.start()
        }
    }

    /// Stops accepting and cuts every connection (unblocking the behavior threads).
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            Glibc.shutdown(listener, Int32(SHUT_RDWR))  // wakes the accept loop, which closes it
            for fd in state.connections { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }
}
