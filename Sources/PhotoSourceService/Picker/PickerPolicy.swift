import Foundation
import HTTPTypes

/// The Content-Security-Policy of the picker's page and of the sign-in callback page: scripts,
/// styles and fetches from this service only, no inline script or style, no `eval`, and
/// `frame-ancestors` from ``PickerSettings/shopOrigins`` (`'none'` when there are none).
struct PickerPolicy: Sendable {
    /// The picker page's policy.
    let page: String
    /// The callback page's policy: never framed.
    let callbackPage: String

    init(settings: PickerSettings, publicBaseURL: String?) {
        // Thumbnails are signed links on publicBaseURL, which may be another origin (a CDN).
        var images = ["'self'", "blob:"]
        if let origin = publicBaseURL.flatMap(Self.origin(of:)) { images.append(origin) }
        let ancestors = settings.shopOrigins.isEmpty ? "'none'" : settings.shopOrigins.joined(separator: " ")
        let common = "default-src 'none'; script-src 'self'; style-src 'self'; img-src \(images.joined(separator: " ")); "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'"
        page = common + "; frame-ancestors \(ancestors)"
        callbackPage = common + "; frame-ancestors 'none'"
    }

    /// `https://cdn.example:8443` of a URL, or `nil`.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host,
              PickerSettings.isOrigin("\(scheme)://\(host)")
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}

extension HTTPFields {
    /// Headers of an HTML page of the picker under `policy`; the page itself is never cached.
    static func pickerPage(policy: String) -> HTTPFields {
        [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache", .contentSecurityPolicy: policy]
    }
}
