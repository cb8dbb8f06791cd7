import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `photosource` on a pseudo-terminal whose window size the test sets and changes, as a person
/// resizing the window does: `TIOCSWINSZ` on the terminal, then `SIGWINCH` to the program.
/// (``PtySession`` runs through `script`, whose window has no size a test can set.) The program
/// has no controlling terminal, so Ctrl-C typed here raises no signal: use ``PtySession`` for that.
final class WindowPtySession: TerminalScreen {
    /// A pseudo-terminal that could not be opened.
    struct OpenFailure: Error, CustomStringConvertible {
        let description: String
    }

    let child: Process
    private let master: Int32
    private let screen = ScreenText()
    private let stopped = StopFlag()

    /// Starts `photosource arguments…` on a `columns` × `rows` terminal, in `environment` with TERM=xterm.
    init(
        _ arguments: [String], environment: [String: String], columns: Int, rows: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let executable = try PhotosourceBinary.url(sourceLocation: sourceLocation)
        // posix_openpt, unlockpt and ptsname are hidden from Swift's Glibc (they need _XOPEN_SOURCE),
        // so this is what they do on Linux: open the multiplexer, unlock, ask for the number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)  // the child gets the other end only
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            throw OpenFailure(description: "no pseudo-terminal: errno \(errno)")
        }
        let name = "/dev/pts/\(number)"
        let terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { throw OpenFailure(description: "cannot open \(name): errno \(errno)") }
        let slave = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        child = Process()
        child.executableURL = executable
        child.arguments = arguments
        child.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm"].merging(environment) { $1 }
        child.standardInput = slave
        child.standardOutput = slave
        child.standardError = slave
        Self.setSize(master, columns: columns, rows: rows)
        try child.run()
        try? slave.close()  // the child has its copies: the screen ends when the child does
        Self.startReading(master, into: screen, until: stopped)
    }

    /// `TIOCSPTLCK` and `TIOCGPTN` (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`),
    /// function-like macros Swift does not import; the same on every Linux architecture Swift runs on.
    private static let setLock = UInt(0x4004_5431)
    private static let getNumber = UInt(0x8004_5430)

    /// Everything the terminal showed so far (escapes included).
    var text: String { screen.text }

    /// Types `keys`.
    func send(_ keys: String) {
        var bytes = Array(keys.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Resizes the window, as a person dragging its corner does.
    func resize(columns: Int, rows: Int) {
        Self.setSize(master, columns: columns, rows: rows)
        kill(child.processIdentifier, SIGWINCH)
    }

    private static func setSize(_ master: Int32, columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Copies the screen on a thread of its own until the program's end closes the terminal or
    /// `stopped` is set (polling, so the thread never blocks past the session); then closes it.
    private static func startReading(_ master: Int32, into screen: ScreenText, until stopped: StopFlag) {
        let reader = Thread {
            defer { close(master) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !stopped.isSet {
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                screen.append(Data(buffer[0..<count]))
            }
        }
        reader.start()
    }

    deinit {
        stopped.set()
        if child.isRunning { child.terminate() }
    }
}

/// Tells the reading thread to stop; the `Atomic` is the whole state.
private final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether ``set()`` was called.
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }

    /// Asks the thread to stop.
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
}
