import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately slow HTTP/1.1 client on a raw socket: a small receive buffer and paced reads,
/// so the server's writes queue up behind it as they do for a slow lab. Blocking: use it from a
/// Dispatch thread (``ServeProcessTests/blocking(_:)``), all of it inside one closure.
final class SlowSocketReader {
    private let fd: Int32
    private(set) var received = Data()

    /// Connects to 127.0.0.1:`port` with a `receiveBuffer`-byte socket buffer and sends `GET path`.
    init(port: Int, path: String, receiveBuffer: Int32 = 16 << 10) throws {
        fd = try RawConnection.connectLoopback(port: port, receiveBuffer: receiveBuffer)
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else { throw POSIXError(.EIO) }
    }

    deinit {
        close(fd)
    }

    /// Reads until at least `count` bytes (head included) have arrived, or the server closed.
    func read(atLeast count: Int, pause: Duration = .zero) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while received.count < count {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return }
            received.append(contentsOf: buffer[0..<n])
            if pause > .zero { Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds)) }
        }
    }

    /// Reads until the server closes the connection.
    func readToEnd(pause: Duration) {
        read(atLeast: .max, pause: pause)
    }

    /// The response head (status line and headers) and the body received after it.
    var response: (head: String, body: Data) {
        guard let end = received.firstRange(of: Data("\r\n\r\n".utf8)) else { return (String(decoding: received, as: UTF8.self), Data()) }
        return (String(decoding: received[..<end.lowerBound], as: UTF8.self), Data(received[end.upperBound...]))
    }
}
