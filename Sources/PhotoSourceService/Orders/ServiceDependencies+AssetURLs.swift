import Foundation

extension ServiceDependencies {
    /// A signed `/v1/assets/…` URL for a materialised original, valid for
    /// ``OrderSettings/assetURLLifetimeSeconds`` from `now`: what a print lab fetches, days later
    /// perhaps, without the customer's sign-in. `nil` before the server listens (``assetOrigin``).
    func assetURL(sha256: String, md5: String, contentType: String, now: Date = Date()) -> URL? {
        guard let origin = assetOrigin else { return nil }
        let lifetime = configuration.orders.assetURLLifetimeSeconds
        let signed = SignedStoredAsset(
            sha256: sha256, md5: md5, contentType: contentType, expires: Int64(now.timeIntervalSince1970.rounded(.down)) + Int64(lifetime))
        return URL(string: origin + "/v1/assets/" + signer.path(for: signed, kind: .storedAsset))
    }

    /// Where asset URLs point: `publicBaseURL`, else the address the server listens on (a lab on
    /// the same machine); `nil` while there is neither.
    var assetOrigin: String? {
        if let base = configuration.publicBaseURL, !base.isEmpty { return link("") }
        guard let port = listeningPort.value else { return nil }
        let host = ["0.0.0.0", "::", ""].contains(configuration.host) ? "127.0.0.1" : configuration.host
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
