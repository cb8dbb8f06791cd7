import PhotoSourceKit

/// Runs `body`, failing with `.connection` when it takes longer than `limit`.
///
/// On time-out the body is cancelled; a body that ignores cancellation is still waited for.
func withTimeout<T: Sendable>(
    _ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw PhotoSourceError(.connection, "\(what) did not answer within \(limit); it timed out.")
        }
        return value
    }
}

/// `"not-found: The item is gone."` for our errors, the plain description for others.
func describe(_ error: any Error) -> String {
    guard let error = error as? PhotoSourceError else { return String(describing: error) }
    return "\(error.code.name): \(error.description)"
}
