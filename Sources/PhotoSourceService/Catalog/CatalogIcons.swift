import Foundation
import PhotoImaging
import PhotoNetworking
import PhotoSourceKit

/// Catalog icons (handlers' and custom actions'), fetched through the shared ``ThumbnailCache``
/// and served by signed URLs (`GET /v1/icons/{signature}/{payload}`), like thumbnails.
///
/// An icon is an item of a source of its own (`catalog-icons`) whose id is the catalog's
/// version and the icon URL, so one icon is downloaded once however many requests ask for it
/// at once (the cache's in-flight table), kept in both tiers, and fetched anew only when the
/// catalog changes. Downloads go through PhotoNetworking's client with the address policy:
/// https and public addresses only, except in development (http:, and the icon's own origin
/// even on loopback).
struct CatalogIcons: Sendable {
    /// The icons' source id in the cache.
    static let sourceID = "catalog-icons"
    /// The longest side an icon is served at (2× of a 128-point icon).
    static let size = 256
    /// The largest icon file downloaded.
    static let maximumBytes = 2 << 20

    let thumbnails: ThumbnailCache
    let development: Bool

    /// The source whose items are icons (never listed).
    private var source: DefaultPhotoSource {
        DefaultPhotoSource(
            id: Self.sourceID, title: "Catalog icons", listing: .complete { _ in [] }, downloader: IconDownloader(development: development))
    }

    /// The item id of `url` in catalog version `version`.
    static func itemID(url: String, version: String) -> String { version + " " + url }

    /// The icon at `url` for catalog version `version`: from the cache, or downloaded and rendered once.
    func icon(url: String, version: String) async throws -> Thumbnail {
        let item = DefaultPhotoSourceItem.image(id: Self.itemID(url: url, version: version), sourceID: Self.sourceID, title: "the icon \(url)")
        return try await thumbnails.thumbnail(for: item, from: source, spec: ThumbnailSpec(maxPixelSize: Self.size, format: .auto))
    }

    /// The address policy an icon URL is fetched under, or why it is refused: https only (http
    /// also in development); public addresses only, except the icon's own origin in development.
    static func policy(for url: URL, development: Bool) throws -> AddressPolicy {
        let scheme = url.scheme?.lowercased()
        guard scheme == "https" || (development && scheme == "http") else {
            throw PhotoSourceError(.accessDenied, "The icon \(url.absoluteString.prefix(200)) is not https; only https icons are fetched outside development.")
        }
        guard development, let host = url.host else { return .publicOnly }
        return try AddressPolicy.trusting(origins: ["\(scheme ?? "https")://\(host)" + (url.port.map { ":\($0)" } ?? "")])
    }
}

/// Downloads icons (the URL after the version in the item id), with the catalog version as the
/// validator, so a cached icon is served while the catalog stays the same.
private struct IconDownloader: ImageDownloading, ImageValidating {
    let development: Bool

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        let (version, url) = try Self.parts(of: item)
        let options = HTTPOptions(
            connectTimeout: .seconds(5), totalTimeout: .seconds(15), maxRedirects: 3, maxBodyBytes: CatalogIcons.maximumBytes,
            addressPolicy: try CatalogIcons.policy(for: url, development: development))
        let image = try await HTTPImageDownloader(options: options) { _, _ in url }.download(item, from: source, variant: variant)
        return ImageData(bytes: image.bytes, contentType: image.contentType, validator: version)
    }

    func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
        try Self.parts(of: item).version
    }

    private static func parts(of item: any PhotoSourceItem) throws -> (version: String, url: URL) {
        guard let space = item.id.firstIndex(of: " "), let url = URL(string: String(item.id[item.id.index(after: space)...])) else {
            throw PhotoSourceError(.notFound, "\(item.id.prefix(200)) is not a catalog icon.")
        }
        return (String(item.id[..<space]), url)
    }
}
