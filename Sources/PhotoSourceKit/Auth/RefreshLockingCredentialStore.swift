/// A credential store that can lock one source's entry while a session refreshes it, so two
/// processes sharing the store never both spend the same (rotating) refresh token.
///
/// ``AuthSession`` takes this lock around "re-read, refresh, save" when its store conforms.
public protocol RefreshLockingCredentialStore: CredentialStore {
    /// Waits until the caller holds the refresh lock of `sourceID`; the lock holds until released.
    func acquireRefreshLock(for sourceID: String) async throws -> CredentialFileLock
}
