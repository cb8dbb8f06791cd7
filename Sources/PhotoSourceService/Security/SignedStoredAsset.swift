import Foundation

/// What a signed `/v1/assets/` URL names: one materialised original in the asset store, by its
/// SHA-256, for a print lab that fetches it on its own schedule.
///
/// Unlike ``SignedAsset`` it names no session and no source: the bytes were fetched and verified
/// when the order was materialised, so the lab's download needs neither the customer's sign-in
/// (which may be long gone) nor the source (which may have changed), and works for orders the
/// shop's backend placed with its API key.
struct SignedStoredAsset: Codable, Sendable, Hashable {
    /// SHA-256 of the bytes, lowercase hex: the asset store's key.
    var sha256: String
    /// MD5 of the bytes, lowercase hex (`ETag`, `Content-MD5`), as the order told the lab.
    var md5: String
    /// `image/jpeg` or `image/png`.
    var contentType: String
    /// Expiry, seconds since 1970.
    var expires: Int64

    private enum CodingKeys: String, CodingKey {
        case sha256 = "h", md5 = "m", contentType = "t", expires = "exp"
    }
}
