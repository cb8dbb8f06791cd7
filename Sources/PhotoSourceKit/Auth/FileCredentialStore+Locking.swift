public import Foundation

extension FileCredentialStore: RefreshLockingCredentialStore {
    /// The lock file of `sourceID`: the credentials file name with `.lock` in place of `.credentials`.
    public func lockFileURL(for sourceID: String) -> URL {
        fileURL(for: sourceID).deletingPathExtension().appendingPathExtension("lock")
    }

    /// Waits for the `flock` on ``lockFileURL(for:)``; other processes and other stores over
    /// the same folder wait for it too.
    public func acquireRefreshLock(for sourceID: String) async throws -> CredentialFileLock {
        try await CredentialFileLock.acquire(at: lockFileURL(for: sourceID))
    }
}
