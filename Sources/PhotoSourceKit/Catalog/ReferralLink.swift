/// Appends the shop's referral parameter to a partner's signup link (PhotoAppLink's affiliate link).
public enum ReferralLink {
    /// `url` with `name=value` (both percent-encoded) added to its query, before any fragment.
    public static func appending(_ name: String, _ value: String, to url: String) -> String {
        let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
        let base = url[..<fragmentStart]
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + URLTemplate.percentEncoded(name) + "=" + URLTemplate.percentEncoded(value) + url[fragmentStart...]
    }
}
