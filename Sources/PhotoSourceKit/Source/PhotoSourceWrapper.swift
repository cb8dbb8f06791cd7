/// A source type that delegates everything to a ``DefaultPhotoSource`` it builds.
///
/// Sample sources conform with one property, `base`, and add their own API beside it.
public protocol PhotoSourceWrapper: PhotoSource {
    /// The default source doing the work.
    var base: DefaultPhotoSource { get }
}

extension PhotoSourceWrapper {
    public var id: String { base.id }
    public var title: String { base.title }
    public var iconPath: String? { base.iconPath }
    public var downloader: any ImageDownloading { base.downloader }
    public var maximumPageSize: Int { base.maximumPageSize }
    public var thumbnailVariantLongSide: Int? { base.thumbnailVariantLongSide }
    public func isAuthenticated() async throws -> Bool { try await base.isAuthenticated() }
    public func items(for container: (any PhotoSourceItem)?, in scope: ItemScope?, page: Int, count: Int) async throws -> ItemPage {
        try await base.items(for: container, in: scope, page: page, count: count)
    }
    public func pagingSupport(in scope: ItemScope?) -> PagingSupport { base.pagingSupport(in: scope) }
    public func signOut() async throws { try await base.signOut() }
}
