import Foundation
import PhotoSourceKit
#if canImport(Glibc)
import Glibc
#endif

/// The few blocking socket calls the loopback callback listener needs, with errors as
/// ``PhotoSourceError`` (the C library's message in `detail`).
enum LoopbackSocket {
    /// `SOCK_STREAM | SOCK_CLOEXEC`, by their Linux values. Under MemberImportVisibility a clean
    /// release build attributes the members of these Glibc constants (`SOCK_STREAM.rawValue`) to
    /// CCurl, whose headers include the socket headers too, and refuses them here.
    private static let streamCloseOnExec: Int32 = 1 | 0o2000000

    /// A listening TCP socket bound to `127.0.0.1:port` (never to another address).
    static func listen(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, streamCloseOnExec, 0)
        guard fd >= 0 else { throw failure("open a socket for the sign-in redirect") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            let error = failure("listen on 127.0.0.1:\(port) for the sign-in redirect")
            close(fd)
            throw error
        }
        return fd
    }

    /// The port `fd` is bound to.
    static func boundPort(of fd: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw failure("find the port of the sign-in listener") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Waits until `fd` can be read (a connection to accept), at most `timeout`.
    static func waitReadable(_ fd: Int32, upTo timeout: Duration) throws -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let result = poll(&descriptor, 1, milliseconds)
        if result < 0 {
            if errno == EINTR { return false }
            throw failure("wait for the sign-in redirect")
        }
        return result > 0
    }

    /// Bounds how long a read or write on `fd` may block.
    static func setTimeouts(_ fd: Int32, seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The request head (up to the blank line), or `nil` when it is cut off, too long or not text.
    static func readHead(_ fd: Int32, limit: Int) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while received.count < limit {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            if let end = received.firstRange(of: terminator) {
                return String(decoding: received[..<end.lowerBound], as: UTF8.self)
            }
        }
        return nil
    }

    /// Writes all of `data` (best effort: the browser may already be gone).
    static func send(_ data: Data, to fd: Int32) {
        data.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let count = Glibc.send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                sent += count
            }
        }
        shutdown(fd, Int32(SHUT_WR))
    }

    private static func failure(_ action: String) -> PhotoSourceError {
        PhotoSourceError(.connection, "Could not \(action).", detail: String(cString: strerror(errno)))
    }
}
