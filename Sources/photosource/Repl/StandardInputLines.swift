import Foundation

/// Lines of standard input as an async sequence.
///
/// `readLine` blocks, so a dedicated thread reads and hands each line over; the cooperative
/// pool never waits on the terminal. The sequence ends at end of input.
enum StandardInputLines {
    /// Starts the reading thread and returns its lines.
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            reader.name = "photosource.stdin"
            reader.start()
        }
    }
}
