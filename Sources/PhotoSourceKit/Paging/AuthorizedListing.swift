/// An ``ItemListing`` for a source behind an account: each closure is handed the session's
/// current ``Credentials`` (refreshed first when they are about to expire), so it never has to
/// capture the ``AuthSession`` and ask for them itself.
///
/// Give it to ``DefaultPhotoSource`` together with the session (`listing:` … `authSession:`), or
/// turn it into a plain listing with ``listing(credentialsFrom:)``.
public enum AuthorizedListing: Sendable {
    /// Returns every item of the scope at once; pages are cut from it.
    case complete(@Sendable (_ scope: ItemScope, _ credentials: Credentials) async throws -> [any PhotoSourceItem])
    /// Answers one page of `count` items by zero-based page number.
    case pages(@Sendable (_ scope: ItemScope, _ page: Int, _ count: Int, _ credentials: Credentials) async throws -> PageSlice)
    /// Answers one batch after `cursor` (`nil` for the first), at most `limit` items.
    case cursor(@Sendable (_ scope: ItemScope, _ cursor: String?, _ limit: Int, _ credentials: Credentials) async throws -> CursorPage)

    /// The plain listing that asks `session` for valid credentials before every call; signed out,
    /// it throws `.notLoggedIn` without calling the closure.
    public func listing(credentialsFrom session: AuthSession) -> ItemListing {
        switch self {
        case .complete(let all):
            .complete { scope in try await all(scope, try await session.validCredentials()) }
        case .pages(let page):
            .pages { scope, number, count in try await page(scope, number, count, try await session.validCredentials()) }
        case .cursor(let batch):
            .cursor { scope, cursor, limit in try await batch(scope, cursor, limit, try await session.validCredentials()) }
        }
    }
}
