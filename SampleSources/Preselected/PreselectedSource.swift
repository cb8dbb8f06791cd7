public import Foundation
public import PhotoNetworking
public import PhotoSourceKit

/// A fixed list of photos given by the integrating service (Print.io's "Preselected"), such as
/// the pictures a customer already uploaded: photo URLs and files, in one flat list.
///
/// - **One scope:** every photo is at the root; there are no albums, so there is never a back item.
/// - **Ids** are the URL as written, or the file's path relative to ``fileRoot``; titles are the
///   last path component. An entry repeated in the list is listed once, where it first appears.
/// - **Pixel sizes** are probed lazily, only for the items of the page being listed, at most
///   ``maximumConcurrentProbes`` at a time, and remembered. Files: their header is read with a
///   bounded prefix. URLs: a range request fetches only the header (`Range: bytes=0-65535`, then
///   once more up to ``PhotoImaging/ImageHeader/recommendedPrefixLength`` when large metadata
///   comes before the frame header). A server that ignores `Range` and answers `200` is cut off
///   by the body limit at the same number of bytes: when the whole file fits, its size is read;
///   when it does not, the client aborts with `.tooLarge` and the size stays unknown (`nil`).
///   A failed probe never fails the listing; the download later reports the real error.
/// - **Address policy:** every URL is checked against ``options``' policy (public addresses
///   only, plus the integrator's `allowedOrigins`) when the source is made, so a list naming a
///   refused address fails at once, saying which entry; the client checks again for every
///   request, redirect and connected address.
/// - **Files** are read only inside ``fileRoot``, by ``PhotoSourceKit/LocalPathResolver``'s rules: a
///   relative path may not contain `..`, an absolute path is accepted only when it lies inside
///   the root (and is listed by its path relative to it), and a symlink leading out of the root
///   is refused when read. Without a root, file entries are refused: an integrator who wants
///   files from anywhere has to say so by passing `/` as the root.
/// - **Downloads:** URLs through ``PhotoNetworking/HTTPImageDownloader`` (the ETag is the
///   validator), files as ``PhotoSourceKit/FileImageDownloader`` reads them. Both variants are the
///   original (the thumbnail cache shrinks it).
public struct PreselectedSource: PhotoSourceWrapper {
    /// The default source doing the work.
    public let base: DefaultPhotoSource
    /// The photos, in listing order, without repeats.
    public var entries: [Entry] { catalog.entries }
    /// The folder files are read from (its symlinks resolved), or `nil` when only URLs are allowed.
    public let fileRoot: URL?
    /// The options of every request; its address policy is public addresses plus the allowed origins.
    public let options: HTTPOptions
    let catalog: PreselectedCatalog

    /// How many headers are probed at the same time while a page is listed.
    public static let maximumConcurrentProbes = 8
    /// The title every preselected source shows unless given another.
    public static let defaultTitle = "Preselected"
    /// The most entries one source takes.
    public static let maximumEntries = 100_000
    /// The largest list file ``load(listFile:allowedOrigins:)`` reads.
    public static let maximumListFileBytes = 16 << 20

    /// Creates a source for `entries`: `http(s)://` URLs, `file://` URLs and file paths.
    ///
    /// - Parameters:
    ///   - entries: the photos, in the order to list them.
    ///   - fileRoot: the folder file paths are relative to and may not leave; `nil` refuses files.
    ///   - allowedOrigins: origins (`scheme://host:port`, optionally with a path) that may be
    ///     reached although they are not public, such as a service's own server on the LAN.
    ///   - id: the source id.
    ///   - title: the name to show.
    ///   - client: the HTTP client for probes and downloads.
    /// - Throws: `.accessDenied` for an entry the address policy or the file rules refuse,
    ///   `.invalidData` for a malformed entry or origin, `.notFound` when `fileRoot` is not a folder,
    ///   `.tooLarge` for more than ``maximumEntries`` entries. The message names the entry (1-based).
    public init(
        entries: [String], fileRoot: URL? = nil, allowedOrigins: [String] = [], id: String = "preselected",
        title: String = PreselectedSource.defaultTitle, client: HTTPClient = .shared
    ) throws {
        let lines = entries.enumerated().map { PreselectedCatalog.Line(place: "Entry \($0.offset + 1)", text: $0.element) }
        try self.init(lines: lines, fileRoot: fileRoot, allowedOrigins: allowedOrigins, id: id, title: title, client: client)
    }

    /// Reads a list file: one URL or path per line; blank lines and lines starting with `#` are
    /// skipped; paths are relative to the list file's folder, which is also the only folder files
    /// may come from (absolute paths must lie inside it).
    ///
    /// The source's id is `urls:<list file path>` and its title ``defaultTitle``.
    /// - Throws: `.notFound` when the file is missing, `.tooLarge` when it is over
    ///   ``maximumListFileBytes``, `.invalidData` when it is not UTF-8 text, and the
    ///   errors of ``init(entries:fileRoot:allowedOrigins:id:title:client:)`` naming the line.
    ///
    /// With `keepingRefused`, an entry the address policy or the file rules refuse does not fail
    /// the list: it is listed in its place with a title ending in "(not allowed)" and
    /// `userInfo["problem"] == "not allowed"`, is never probed or fetched, and says why in
    /// ``refusedEntries`` (for the operator's log).
    public static func load(listFile: URL, allowedOrigins: [String], keepingRefused: Bool = false) throws -> PreselectedSource {
        let file = listFile.standardizedFileURL
        let lines = try PreselectedListFile.read(file)
        return try PreselectedSource(
            lines: lines, fileRoot: file.deletingLastPathComponent(), allowedOrigins: allowedOrigins,
            id: "urls:" + file.path, title: defaultTitle, client: .shared, keepingRefused: keepingRefused)
    }

    /// Why each entry kept but refused was refused, in list order, naming its line
    /// (empty unless loaded with `keepingRefused`).
    public var refusedEntries: [String] { entries.compactMap { catalog.refusals[$0.id] } }

    init(
        lines: [PreselectedCatalog.Line], fileRoot: URL?, allowedOrigins: [String], id: String, title: String, client: HTTPClient,
        keepingRefused: Bool = false
    ) throws {
        let policy = try AddressPolicy.trusting(origins: allowedOrigins)
        let fileRules = try fileRoot.map(EntryParser.FileRules.init(root:))
        let resolver = fileRules?.resolver
        let catalog = try PreselectedCatalog(
            lines: lines, sourceID: id, parser: EntryParser(policy: policy, files: fileRules), keepingRefused: keepingRefused)
        let options = HTTPOptions(addressPolicy: policy)
        let probe = EntryProbe(client: client, options: options, resolver: resolver)
        let sizes = PixelSizeBook(concurrency: Self.maximumConcurrentProbes) { try await probe.pixelSize(of: $0) }
        let downloader = PreselectedDownloader(catalog: catalog, client: client, options: options, resolver: resolver)
        self.base = DefaultPhotoSource(
            id: id, title: title,
            listing: .pages { scope, page, count in try await catalog.page(of: scope, page: page, count: count, sizes: sizes) },
            downloader: downloader)
        self.catalog = catalog
        self.fileRoot = resolver?.root
        self.options = options
    }
}
