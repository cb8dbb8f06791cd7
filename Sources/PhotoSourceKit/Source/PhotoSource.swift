import Foundation

/// A place photos come from: a folder, a cloud drive, a social network, a shop's archive.
///
/// This is what front ends talk to. Source authors rarely implement it by hand: they describe
/// how to list a scope with an ``ItemListing`` and how to fetch bytes with an ``ImageDownloading``,
/// and ``DefaultPhotoSource`` supplies the rest. Sources never cache images; the thumbnail cache does.
public protocol PhotoSource: Sendable {
    /// A stable id, unique among the sources of one process (for example `"local:/photos"`).
    var id: String { get }
    /// The name to show to a person.
    var title: String { get }
    /// A path or URL of an icon for the source's button, when it has one.
    var iconPath: String? { get }
    /// Fetches the bytes of an item's thumbnail or original.
    var downloader: any ImageDownloading { get }
    /// The largest `count` the source answers in one page.
    var maximumPageSize: Int { get }
    /// The long side, in pixels, of what the downloader's `.thumbnail` variant returns when the
    /// service renders thumbnails of a fixed size (for example 320); `nil` when the variant is
    /// the original or its size is unknown (the default). The thumbnail cache fetches `.full`
    /// for thumbnails larger than this, instead of upscaling nothing and returning a small one.
    var thumbnailVariantLongSide: Int? { get }

    /// Whether the user is signed in (sources without sign-in are always).
    func isAuthenticated() async throws -> Bool
    /// Lists one page of a container's items.
    ///
    /// - Parameters:
    ///   - container: the container to open (`nil` for the root, or the scope itself when
    ///     `scope` is given), or a back item to return to its parent scope.
    ///   - scope: the scope the container was listed in (`nil` means the root).
    ///   - page: the zero-based page number.
    ///   - count: items per page; page 0 of a non-root listing has the back item in addition.
    func items(for container: (any PhotoSourceItem)?, in scope: ItemScope?, page: Int, count: Int) async throws -> ItemPage
    /// How the source pages in `scope`.
    func pagingSupport(in scope: ItemScope?) -> PagingSupport
    /// Signs the user out and forgets stored credentials; does nothing for sources without sign-in.
    func signOut() async throws
}

extension PhotoSource {
    /// `nil`: the `.thumbnail` variant serves thumbnails of any size.
    public var thumbnailVariantLongSide: Int? { nil }

    /// The variant to download for a thumbnail whose long side is `longSide` pixels: `.full`
    /// when the source's thumbnails are smaller than that, `.thumbnail` otherwise.
    public func variant(forThumbnailOf longSide: Int) -> ImageVariant {
        guard let offered = thumbnailVariantLongSide, longSide > offered else { return .thumbnail }
        return .full
    }

    /// Lists one page of `scope` itself.
    public func items(in scope: ItemScope, page: Int, count: Int) async throws -> ItemPage {
        try await items(for: nil, in: scope, page: page, count: count)
    }
}
