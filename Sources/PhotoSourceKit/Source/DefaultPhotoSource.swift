/// The default implementation of ``PhotoSource``: give it a listing and a downloader,
/// and it does the tedious parts.
///
/// - **Back items:** page 0 of every non-root listing starts with a ``BackItem`` that does not
///   count toward `count`; passing it as the container lists the parent scope, at any depth.
/// - **Paging:** `.complete` listings get pages cut from the whole list, `.pages` listings are
///   asked directly, `.cursor` listings go through a ``CursorBook``. `count` is clamped to
///   ``maximumPageSize``; a page past the end is empty with `hasMore == false`.
/// - **Sign-in:** with an ``AuthSession``, listing while signed out throws `.notLoggedIn`, and an
///   auth error from the listing or the downloader marks the session "needs sign-in".
public final class DefaultPhotoSource: PhotoSource {
    public let id: String
    public let title: String
    public let iconPath: String?
    public let maximumPageSize: Int
    public let thumbnailVariantLongSide: Int?
    /// How the source lists a scope.
    public let listing: ItemListing
    /// The sign-in session, or `nil` for sources without sign-in.
    public let authSession: AuthSession?
    private let baseDownloader: any ImageDownloading
    private let cursorBook: CursorBook?

    /// Creates a source.
    ///
    /// - Parameter thumbnailVariantLongSide: the long side of the downloader's `.thumbnail`
    ///   variant when the service renders fixed-size thumbnails (see
    ///   ``PhotoSource/thumbnailVariantLongSide``); `nil` when it returns the original.
    public init(
        id: String, title: String, iconPath: String? = nil, maximumPageSize: Int = 500,
        thumbnailVariantLongSide: Int? = nil,
        listing: ItemListing, downloader: any ImageDownloading, authSession: AuthSession? = nil
    ) {
        self.id = id
        self.title = title
        self.iconPath = iconPath
        self.maximumPageSize = max(1, maximumPageSize)
        self.thumbnailVariantLongSide = thumbnailVariantLongSide.map { max(1, $0) }
        self.listing = listing
        self.authSession = authSession
        self.baseDownloader = downloader
        if case .cursor(let fetch) = listing {
            cursorBook = CursorBook(fetch: fetch)
        } else {
            cursorBook = nil
        }
    }

    /// The downloader, wrapped so that auth failures mark the session.
    public var downloader: any ImageDownloading {
        SessionMarkingDownloader(base: baseDownloader, session: authSession)
    }

    public func isAuthenticated() async throws -> Bool {
        guard let authSession else { return true }
        return await authSession.isSignedIn
    }

    public func pagingSupport(in scope: ItemScope?) -> PagingSupport { listing.pagingSupport }

    public func signOut() async throws {
        try await authSession?.signOut()
        await cursorBook?.removeAll()
    }

    public func items(for container: (any PhotoSourceItem)?, in scope: ItemScope?, page: Int, count: Int) async throws -> ItemPage {
        guard page >= 0 else { throw PhotoSourceError(.invalidData, "Page numbers start at 0; \(page) is not a page.") }
        guard count > 0 else { throw PhotoSourceError(.invalidData, "A page needs at least one item; count was \(count).") }
        let target = try Self.scope(opening: container, in: scope ?? .root)
        if let authSession, await !authSession.isSignedIn {
            _ = try await authSession.validCredentials()  // throws the right "not logged in" error
        }
        let size = min(count, maximumPageSize)
        let slice: PageSlice
        do {
            slice = try await fetch(target, page: page, count: size)
        } catch {
            let wrapped = PhotoSourceError.wrapping(error, context: "Listing \(target) in \(title)")
            if wrapped.code.isAuthFailure { await authSession?.markNeedsSignIn(reason: wrapped.message) }
            throw wrapped
        }
        var items = slice.items
        if page == 0 && !target.isRoot {
            items.insert(BackItem(sourceID: id, target: target.parent), at: 0)
        }
        return ItemPage(scope: target, page: page, count: size, items: items, hasMore: slice.hasMore, totalCount: slice.totalCount)
    }

    /// The scope listed when `container` is opened from `scope`.
    static func scope(opening container: (any PhotoSourceItem)?, in scope: ItemScope) throws -> ItemScope {
        guard let container else { return scope }
        switch container.kind {
        case .back:
            guard let back = container as? BackItem else {
                throw PhotoSourceError(.invalidData, "This back item was not made by the SDK; open the parent scope instead.")
            }
            return back.target
        case .container:
            return scope.appending(id: container.id, title: container.title)
        case .image:
            throw PhotoSourceError(.invalidData, "\(container.title) is a photo, not an album or folder; it cannot be opened.")
        }
    }

    private func fetch(_ scope: ItemScope, page: Int, count: Int) async throws -> PageSlice {
        switch listing {
        case .complete(let all):
            let items = try await all(scope)
            let (start, overflow) = page.multipliedReportingOverflow(by: count)
            guard !overflow, start < items.count else {
                return PageSlice(items: [], hasMore: false, totalCount: items.count)
            }
            let end = min(items.count, start + count)
            return PageSlice(items: Array(items[start..<end]), hasMore: end < items.count, totalCount: items.count)
        case .pages(let pageFetch):
            return try await pageFetch(scope, page, count)
        case .cursor:
            return try await cursorBook!.page(page, of: scope, limit: count)
        }
    }
}
