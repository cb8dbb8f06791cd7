public import Foundation
public import PhotoSourceKit

/// A folder on disk as a photo source: subfolders are albums, JPEG and PNG files are photos.
///
/// - **What is listed:** subfolders first, then files whose *magic bytes* say JPEG or PNG (a
///   `.jpg` that is text is not listed, a PNG named `.dat` is), each in natural order
///   (`img2` before `img10`, case-insensitive, stable). Hidden entries are skipped.
/// - **Ids** are paths relative to the root (`"Travel/Italy/rome-1.jpg"`); titles are names.
/// - **Pixel sizes** come from the file header (JPEG SOF, PNG IHDR, EXIF orientation applied),
///   read with a bounded prefix and never decoded; an unreadable header leaves the size `nil`.
/// - **Security:** ids with `..`, absolute ids and symlinks leaving the root are refused with
///   `.accessDenied` (PhotoSourceKit's ``LocalPathResolver``). Links inside the root work.
/// - **Large folders:** each folder's index (names and kinds) is cached and rebuilt when the
///   folder's mtime or inode changes, so page 999 of 100,000 photos costs what page 1 does.
public struct LocalFolderSource: PhotoSourceWrapper {
    /// The default source doing the work.
    public let base: DefaultPhotoSource
    /// The root folder, with its symlinks resolved.
    public var root: URL { lister.resolver.root }
    let lister: FolderLister

    /// Creates a source for the folder `root`.
    ///
    /// - Parameters:
    ///   - id: the source id; `"local:<root path>"` by default.
    ///   - title: the name to show; the folder's name by default.
    /// - Throws: `.notFound` when `root` is missing or not a folder.
    public init(root: URL, id: String? = nil, title: String? = nil) throws {
        try self.init(root: root, id: id, title: title, cache: FolderIndexCache())
    }

    init(root: URL, id: String?, title: String?, cache: FolderIndexCache) throws {
        let resolver = try LocalPathResolver(root: root)
        let sourceID = id ?? "local:" + resolver.root.path
        let lister = FolderLister(sourceID: sourceID, resolver: resolver, cache: cache)
        let downloader = LocalFolderDownloader(lister: lister)
        let listing = ItemListing.pages { scope, page, count in
            try await BlockingIO.run { try lister.page(of: scope, page: page, count: count) }
        }
        let name = resolver.root.lastPathComponent
        self.lister = lister
        self.base = DefaultPhotoSource(
            id: sourceID, title: title ?? (name.isEmpty ? resolver.root.path : name),
            listing: listing, downloader: downloader)
    }

    /// Looks up one item by id (a path relative to the root), applying the security rules.
    ///
    /// - Throws: `.accessDenied` for `..`, absolute ids and links leaving the root; `.notFound`
    ///   when nothing visible has that id; `.unsupportedFormat` for a file that is not JPEG or PNG;
    ///   `.invalidData` for an empty id or something that is neither a file nor a folder.
    public func item(id: String) throws -> DefaultPhotoSourceItem {
        try lister.item(id: id)
    }
}
