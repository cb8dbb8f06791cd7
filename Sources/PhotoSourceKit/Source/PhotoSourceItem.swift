public import Foundation

/// One entry of a listing: a photo, an album or folder, or the back item.
///
/// Items are values: they remember which source they came from through ``sourceID``,
/// so a selection can span sources. Most sources use ``DefaultPhotoSourceItem``.
public protocol PhotoSourceItem: Sendable {
    /// The id of the item, unique and stable within its source.
    var id: String { get }
    /// The id of the source the item belongs to.
    var sourceID: String { get }
    /// Image, container or back.
    var kind: ItemKind { get }
    /// A title to show to a person.
    var title: String { get }
    /// The displayed pixel size, when known without downloading.
    var pixelSize: PixelSize? { get }
    /// A URL a print server may fetch the original from itself, when the source has one.
    var publicURL: URL? { get }
    /// Free-form metadata (for example a remote API's own fields the downloader needs).
    var userInfo: [String: String] { get }
    /// How the shared thumbnail cache may treat this item.
    var cachePolicy: CachePolicy { get }
}

extension PhotoSourceItem {
    /// No public URL unless the item has one.
    public var publicURL: URL? { nil }
    /// No metadata unless the item has some.
    public var userInfo: [String: String] { [:] }
    /// Cache and reuse by default.
    public var cachePolicy: CachePolicy { .default }
    /// Whether this is a photo.
    public var isImage: Bool { kind == .image }
}
