import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
///
/// ``update(received:expected:)`` may be called from any thread (the network thread calls it);
/// the bar is redrawn at most once per whole percent (or per MiB when the length is unknown).
/// The `Mutex` `drawn` guards what was last drawn.
final class ProgressBar: Sendable {
    /// The label before the bar, such as the file name.
    let label: String
    /// Whether anything is drawn.
    let isVisible: Bool
    private let drawn = Mutex<(step: Int64, active: Bool)>((-1, false))

    /// A bar for `label`; visible when standard error is a terminal, unless `visible` says otherwise.
    init(label: String, visible: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.isVisible = visible
    }

    /// Redraws the bar if it moved enough since the last drawing.
    func update(received: Int64, expected: Int64?) {
        guard isVisible else { return }
        let step = expected.map { $0 > 0 ? received * 100 / $0 : 0 } ?? received >> 20
        let changed = drawn.withLock { state in
            guard state.step != step else { return false }
            state = (step, true)
            return true
        }
        if changed { FileHandle.standardError.write(Data(("\r" + Self.line(label: label, received: received, expected: expected)).utf8)) }
    }

    /// Ends the bar's line, if one was drawn.
    func finish() {
        guard isVisible, drawn.withLock({ $0.active }) else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }

    /// `photo.jpg [########------------]  40%  1.2 MB of 3.0 MB`, or without the bar when the
    /// length is unknown.
    static func line(label: String, received: Int64, expected: Int64?, width: Int = 20) -> String {
        let size = ByteCountFormatter.string(fromByteCount: received, countStyle: .file)
        guard let expected, expected > 0 else { return "\(label)  \(size)" }
        let fraction = min(1, Double(received) / Double(expected))
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = String(Int(fraction * 100))
        let total = ByteCountFormatter.string(fromByteCount: expected, countStyle: .file)
        return "\(label) [\(bar)] \(String(repeating: " ", count: 3 - percent.count))\(percent)%  \(size) of \(total)"
    }
}
