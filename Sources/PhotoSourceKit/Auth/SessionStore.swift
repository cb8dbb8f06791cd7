import Synchronization

/// Shared key/value storage for sources (Print.io's session manager), namespaced per source:
/// a source only sees its own keys.
public protocol SessionStore: Sendable {
    /// The value of `key` in `namespace`.
    func value(forKey key: String, in namespace: String) -> String?
    /// Sets (or with `nil`, removes) the value of `key` in `namespace`.
    func setValue(_ value: String?, forKey key: String, in namespace: String)
    /// Removes every key of `namespace`.
    func removeAll(in namespace: String)
}

/// A ``SessionStore`` held in memory.
public final class InMemorySessionStore: SessionStore {
    private let storage = Mutex<[String: [String: String]]>([:])

    /// Creates an empty store.
    public init() {}

    public func value(forKey key: String, in namespace: String) -> String? {
        storage.withLock { $0[namespace]?[key] }
    }

    public func setValue(_ value: String?, forKey key: String, in namespace: String) {
        storage.withLock { $0[namespace, default: [:]][key] = value }
    }

    public func removeAll(in namespace: String) {
        _ = storage.withLock { $0.removeValue(forKey: namespace) }
    }
}

/// One source's view of a ``SessionStore``.
public struct SourceSession: Sendable {
    /// The shared store.
    public let store: any SessionStore
    /// The namespace (the source id).
    public let namespace: String

    /// Creates a view of `store` for `namespace`.
    public init(store: any SessionStore, namespace: String) {
        self.store = store
        self.namespace = namespace
    }

    /// Reads or writes a key.
    public subscript(key: String) -> String? {
        get { store.value(forKey: key, in: namespace) }
        nonmutating set { store.setValue(newValue, forKey: key, in: namespace) }
    }

    /// Forgets every key of this source.
    public func removeAll() { store.removeAll(in: namespace) }
}
