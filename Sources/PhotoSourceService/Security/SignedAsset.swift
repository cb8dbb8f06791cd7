import Foundation

/// What a signed thumbnail or original URL names: whose item, which version, at what size, until when.
///
/// The payload pins the session, so a stolen URL of session A shows only what A could see; it
/// pins the version, so the response can be cached as immutable.
struct SignedAsset: Codable, Sendable, Hashable {
    /// Thumbnail, original or stored asset (``SignedStoredAsset``): signatures of one never verify as another.
    enum Kind: String, Codable, Sendable {
        case thumbnail, original
        case storedAsset = "asset"
        /// A catalog handler's or custom action's icon (``CatalogIcons``).
        case icon
    }

    /// The customer session the URL was made for.
    var session: String
    /// The source id.
    var source: String
    /// The item id within the source.
    var item: String
    /// The item's version when the URL was made (`""` when the source cannot tell).
    var version: String
    /// The thumbnail's longest side in pixels (0 for originals).
    var size: Int
    /// `jpeg`, `png` or `auto` for thumbnails; `""` for originals.
    var format: String
    /// Expiry, seconds since 1970.
    var expires: Int64

    private enum CodingKeys: String, CodingKey {
        case session = "s", source = "src", item = "i", version = "v", size = "px", format = "f", expires = "exp"
    }
}
