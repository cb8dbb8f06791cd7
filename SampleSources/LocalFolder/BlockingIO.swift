import Dispatch

/// Runs blocking file-system work (scanning a large folder, reading headers or whole files) off
/// Swift's cooperative pool, on a concurrent Dispatch queue whose threads may block.
enum BlockingIO {
    private static let queue = DispatchQueue(label: "LocalFolderSource.io", qos: .userInitiated, attributes: .concurrent)

    /// Runs `work` on the I/O queue and returns its result.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
