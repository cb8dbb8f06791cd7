import Foundation
import PhotoSourceKit
import Synchronization

/// One customer's credentials for one request: loaded from the ``ServiceStore`` before, and
/// written back after when a refresh replaced them (``changed``). Holds nothing else.
final class SessionCredentialStore: CredentialStore {
    private struct State {
        var credentials: Credentials?
        var changed = false
    }

    private let state: Mutex<State>

    init(_ credentials: Credentials?) {
        state = Mutex(State(credentials: credentials))
    }

    /// The credentials now, and whether they changed since loading.
    var current: (credentials: Credentials?, changed: Bool) { state.withLock { ($0.credentials, $0.changed) } }

    func load(for sourceID: String) throws -> Credentials? { state.withLock { $0.credentials } }

    func save(_ credentials: Credentials, for sourceID: String) throws {
        state.withLock { $0 = State(credentials: credentials, changed: true) }
    }

    func delete(for sourceID: String) throws {
        state.withLock { $0 = State(credentials: nil, changed: true) }
    }
}
