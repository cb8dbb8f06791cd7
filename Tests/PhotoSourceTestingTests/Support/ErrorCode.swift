import PhotoSourceKit

/// The code of the ``PhotoSourceError`` `body` throws; `nil` when it throws nothing or another error.
func errorCode<T>(of body: () async throws -> T) async -> PhotoSourceError.Code? {
    do {
        _ = try await body()
        return nil
    } catch {
        return (error as? PhotoSourceError)?.code
    }
}
