import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ready-made misbehaviours for ``RawSocketServer``.
extension RawSocketServer {
    /// Answers every request on the connection with `head` + `body` (keep-alive).
    static func answering(_ status: String = "200 OK", headers: [String] = [], body: String = "") -> @Sendable (Connection) -> Void {
        { connection in
            while !connection.readRequestHead().isEmpty {
                let lines = ["HTTP/1.1 \(status)", "Content-Length: \(body.utf8.count)"] + headers
                guard connection.send(lines.joined(separator: "\r\n") + "\r\n\r\n" + body) else { return }
            }
        }
    }

    /// Reads the request and never answers.
    static let silent: @Sendable (Connection) -> Void = { connection in
        connection.readRequestHead()
        connection.waitForClose()
    }

    /// Announces `length` bytes and sends one byte a second.
    static func dripping(length: Int = 100) -> @Sendable (Connection) -> Void {
        { connection in
            connection.readRequestHead()
            guard connection.send("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n") else { return }
            for _ in 0..<length {
                guard connection.send("x") else { return }
                sleep(1)
            }
        }
    }

    /// Sends `head` verbatim, then `body` bytes of `x` (then closes).
    static func raw(_ head: String, bodyBytes: Int = 0) -> @Sendable (Connection) -> Void {
        { connection in
            connection.readRequestHead()
            guard connection.send(head) else { return }
            var left = bodyBytes
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 10)
            while left > 0 {
                guard connection.send(Array(chunk.prefix(left))) else { return }
                left -= min(left, chunk.count)
            }
        }
    }
}
