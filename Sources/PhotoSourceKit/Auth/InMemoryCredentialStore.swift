import Synchronization

/// A credential store that forgets everything when the process ends (tests, one-shot commands).
public final class InMemoryCredentialStore: CredentialStore {
    private let entries = Mutex<[String: Credentials]>([:])

    /// Creates an empty store.
    public init() {}

    public func load(for sourceID: String) throws -> Credentials? {
        entries.withLock { $0[sourceID] }
    }

    public func save(_ credentials: Credentials, for sourceID: String) throws {
        entries.withLock { $0[sourceID] = credentials }
    }

    public func delete(for sourceID: String) throws {
        _ = entries.withLock { $0.removeValue(forKey: sourceID) }
    }
}
