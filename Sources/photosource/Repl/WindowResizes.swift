import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGWINCH (the window was resized) as a byte on a pipe, which the line editor's reader waits
/// on beside the terminal: libedit then learns the new width on its own thread, inside the read
/// it is doing. (libedit's own handler, `EL_SIGNAL`, would call it from whichever thread the
/// signal lands on, racing with the read; and the size read before each line misses a resize
/// while the person types.) The `Mutex` `source` guards the signal source.
final class WindowResizes: Sendable {
    /// The process's watcher, started on first use.
    static let shared = WindowResizes()

    /// Readable when the window was resized since the last ``drain()``; -1 when no pipe could be made.
    let readEnd: Int32
    private let writeEnd: Int32
    private let source: Mutex<(any DispatchSourceSignal)?>

    private init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            readEnd = -1
            writeEnd = -1
            source = Mutex(nil)
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)  // a full pipe already says "resized"
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        let writeEnd = ends[1]
        let signals = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        signals.setEventHandler {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
        signals.resume()
        source = Mutex(signals)
    }

    /// Empties the pipe; call before asking the terminal for its size.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
