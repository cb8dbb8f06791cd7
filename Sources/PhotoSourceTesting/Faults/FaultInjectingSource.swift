public import PhotoSourceKit

/// Wraps any source so that its listing and downloads fail as a ``FaultInjector`` scripts.
///
/// The faults happen outside the wrapped source, the way a front end or an import job would see
/// them: use it to test code that consumes sources. To see how a source's own bookkeeping reacts
/// (sessions marked "needs sign-in", cursors not remembered after a failure), build the source
/// with ``PhotoSourceKit/ItemListing/injectingFaults(from:)`` and a ``FaultInjectingDownloader``
/// instead.
public struct FaultInjectingSource: PhotoSource {
    /// The source that answers when no fault is due.
    public let base: any PhotoSource
    /// The script.
    public let injector: FaultInjector

    /// Wraps `base`, consulting `injector` on every listing and download.
    public init(base: any PhotoSource, injector: FaultInjector) {
        self.base = base
        self.injector = injector
    }

    /// The base source's id.
    public var id: String { base.id }
    /// The base source's title.
    public var title: String { base.title }
    /// The base source's icon.
    public var iconPath: String? { base.iconPath }
    /// The base source's maximum page size.
    public var maximumPageSize: Int { base.maximumPageSize }
    public var thumbnailVariantLongSide: Int? { base.thumbnailVariantLongSide }
    /// The base source's downloader, wrapped in a ``FaultInjectingDownloader``.
    public var downloader: any ImageDownloading { FaultInjectingDownloader(base: base.downloader, injector: injector) }
    /// Asks the base source (faults never apply here).
    public func isAuthenticated() async throws -> Bool { try await base.isAuthenticated() }
    /// The base source's paging support.
    public func pagingSupport(in scope: ItemScope?) -> PagingSupport { base.pagingSupport(in: scope) }
    /// Signs the base source out (faults never apply here).
    public func signOut() async throws { try await base.signOut() }

    /// Lists through `base` unless a fault is due for this page.
    public func items(for container: (any PhotoSourceItem)?, in scope: ItemScope?, page: Int, count: Int) async throws -> ItemPage {
        if let fault = injector.nextListingFault(page: page) {
            try await fault.interruptListing("Listing page \(page + 1) of \(title)")
        }
        return try await base.items(for: container, in: scope, page: page, count: count)
    }
}
