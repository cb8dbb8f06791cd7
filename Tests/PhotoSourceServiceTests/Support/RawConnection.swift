import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One plain TCP connection to 127.0.0.1 for tests that need what an HTTP client library will
/// not do: connect and say nothing, trickle a request, count when the server hangs up.
/// Every wait is bounded by `poll` and runs on a Dispatch thread (``ServeProcessTests/blocking(_:)``),
/// never on the cooperative pool the service's handlers need.
final class RawConnection: Sendable {
    let fd: Int32
    /// Bytes read past the last response (a pipelined one's), kept for the next.
    private let leftover = Mutex(Data())

    /// Connects to 127.0.0.1:`port`.
    init(port: Int) throws {
        fd = try Self.connectLoopback(port: port)
    }

    /// A blocking TCP socket connected to 127.0.0.1:`port`, with a `receiveBuffer`-byte socket
    /// buffer when given (set before connecting, so the window is small from the start).
    static func connectLoopback(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(.init(rawValue: code) ?? .ECONNREFUSED)
        }
        return fd
    }

    deinit {
        close(fd)
    }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
    }

    /// One response (head, then `Content-Length` bytes) within `timeout`; `nil` when the server
    /// closed or said nothing in time.
    func response(timeout: Duration = .seconds(10)) async throws -> (head: String, body: Data)? {
        try await ServeProcessTests.blocking { self.readResponse(timeout: timeout) }
    }

    /// Whether the server closes the connection within `timeout` (bytes it sends meanwhile are dropped).
    func closed(within timeout: Duration) async throws -> Bool {
        try await ServeProcessTests.blocking { self.waitForClose(timeout: timeout) }
    }

    private func readResponse(timeout: Duration) -> (head: String, body: Data)? {
        var received = leftover.withLock { $0 }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let end = received.firstRange(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - end.upperBound >= length {
                    leftover.withLock { $0 = Data(received[(end.upperBound + length)...]) }
                    return (head, Data(received[end.upperBound...].prefix(length)))
                }
            }
            guard let chunk = read(until: deadline), !chunk.isEmpty else { return nil }
            received.append(chunk)
        }
        return nil
    }

    private func waitForClose(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let chunk = read(until: deadline) else { return false }
            if chunk.isEmpty { return true }
        }
        return false
    }

    /// Bytes that arrive before `deadline`: empty when the server closed, `nil` when none came.
    private func read(until deadline: ContinuousClock.Instant) -> Data? {
        let left = deadline - ContinuousClock.now
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
        guard poll(&entry, 1, milliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count <= 0 ? Data() : Data(buffer[0..<count])
    }
}

extension RawConnection {
    /// Waits until every connection in `connections` has been closed by the server or `timeout`
    /// has passed; how many were closed.
    static func countClosed(_ connections: [RawConnection], within timeout: Duration) async throws -> Int {
        try await ServeProcessTests.blocking { pollUntilClosed(connections, within: timeout) }
    }

    private static func pollUntilClosed(_ connections: [RawConnection], within timeout: Duration) -> Int {
        var open = connections
        var closed = 0
        let deadline = ContinuousClock.now + timeout
        while !open.isEmpty, ContinuousClock.now < deadline {
            var entries = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            guard poll(&entries, nfds_t(entries.count), 100) >= 0 else { break }
            var still: [RawConnection] = []
            for (index, entry) in entries.enumerated() {
                guard entry.revents != 0 else { still.append(open[index]); continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                if recv(open[index].fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) <= 0 { closed += 1 } else { still.append(open[index]) }
            }
            open = still
        }
        return closed
    }
}
