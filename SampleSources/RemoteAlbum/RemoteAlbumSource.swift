public import Foundation
public import PhotoNetworking
public import PhotoSourceKit

/// A photo source over the demo cloud's REST API (``DemoCloud``): the root lists albums, an
/// album lists its photos, both through cursor paging.
///
/// It is a ``PhotoSourceKit/PhotoSourceWrapper`` over ``PhotoSourceKit/DefaultPhotoSource``
/// with a `.cursor` listing, so page numbers, back items and auth bookkeeping come for free.
/// Sign-in is OAuth 2 through ``authSession`` (authorization code with PKCE, or the device flow);
/// API calls and downloads carry the bearer token and refresh it once when the server rejects it.
/// Pixel sizes come from the photo metadata, so print fitness works without downloading.
public struct RemoteAlbumSource: PhotoSourceWrapper {
    /// How the person signs in.
    public enum SignInMethod: String, Sendable, Hashable, CaseIterable {
        /// Open a URL in a browser; the cloud redirects back to a loopback listener (PKCE).
        case browser
        /// Enter a short code on another device (RFC 8628).
        case deviceCode
    }

    /// The default source doing the listing, paging and downloading.
    public let base: DefaultPhotoSource
    /// The cloud's base URL, such as `http://127.0.0.1:8080`.
    public let baseURL: URL
    /// The sign-in session (credentials are kept in the store given to the initialiser).
    public let authSession: AuthSession
    /// How ``signIn(present:)`` signs in.
    public let signInMethod: SignInMethod
    /// Whether ``signIn(present:)`` approves the sign-in itself, as a person would in the
    /// browser; only for the demo cloud with its auto-approve option.
    public let autoApprove: Bool
    /// The address policy for every request: public addresses plus the trusted origins.
    public let options: HTTPOptions
    let client: HTTPClient
    let api: RemoteAlbumAPI

    /// The largest page the demo cloud answers.
    public static let maximumPageSize = 200

    /// Creates a source for the cloud at `baseURL`.
    ///
    /// - Parameters:
    ///   - credentialStore: where the tokens are kept (for example an encrypted file store).
    ///   - allowedOrigins: further origins that may be contacted; the origin of `baseURL` is
    ///     trusted automatically (so a cloud on loopback works), anything else has to be public.
    ///   - autoApprove: approve sign-ins without a person (the demo cloud's auto-approve mode).
    ///   - signInMethod: browser (PKCE) or device code.
    ///   - clientID: the OAuth client id the cloud knows.
    ///   - thumbnailLongSide: the long side of the cloud's thumbnails (the demo cloud's
    ///     ``DemoCloud/Configuration/thumbnailLongSide``, 320 by default); larger thumbnails are
    ///     made from the original. `nil` always uses the cloud's thumbnails.
    ///   - client: the HTTP client.
    /// - Throws: `.invalidData` when `baseURL` or an origin is not a usable http(s) URL.
    public init(
        baseURL: URL, credentialStore: any CredentialStore, allowedOrigins: [String] = [],
        autoApprove: Bool = false, signInMethod: SignInMethod = .browser,
        clientID: String = DemoCloud.defaultClientID,
        thumbnailLongSide: Int? = DemoCloud.Configuration.defaultThumbnailLongSide, client: HTTPClient = .shared
    ) throws {
        let root = try Self.normalized(baseURL)
        var options = HTTPOptions(addressPolicy: try AddressPolicy.trusting(origins: [Self.origin(of: root)] + allowedOrigins))
        options.totalTimeout = .seconds(60)
        let id = "cloud:\(root.absoluteString)"
        let oauth = Self.oauthConfiguration(root, clientID: clientID, policy: options.addressPolicy)
        let flow: any SignInFlow = switch signInMethod {
        case .browser: try OAuthAuthorizationCodeFlow(configuration: oauth, client: client)
        case .deviceCode: try OAuthDeviceFlow(configuration: oauth, client: client)
        }
        let session = AuthSession(sourceID: id, store: credentialStore, flow: flow)
        let api = RemoteAlbumAPI(
            baseURL: root, sourceID: id, requester: AuthorizedRequester(client: client, session: session), options: options)
        self.base = DefaultPhotoSource(
            id: id, title: "Demo Cloud", maximumPageSize: Self.maximumPageSize, thumbnailVariantLongSide: thumbnailLongSide,
            listing: .cursor { scope, cursor, limit in try await api.batch(of: scope, after: cursor, limit: limit) },
            downloader: DamagedPhotoDownloader(
                base: HTTPImageDownloader(client: client, session: session, options: DamagedPhotoDownloader.imageOptions(options)) { item, variant in
                    try api.imageURL(of: item, variant)
                }),
            authSession: session)
        self.baseURL = root
        self.authSession = session
        self.signInMethod = signInMethod
        self.autoApprove = autoApprove
        self.options = options
        self.client = client
        self.api = api
    }

    /// `baseURL` without a trailing slash, after checking it is an http(s) URL with a host.
    static func normalized(_ url: URL) throws -> URL {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil,
              url.query == nil, url.fragment == nil
        else {
            throw PhotoSourceError(.invalidData, "\(url.absoluteString) is not a cloud address; use one like http://127.0.0.1:8080.")
        }
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text)!
    }

    /// `scheme://host:port` of `url`, with the default port spelled out.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let host = url.host ?? ""
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(url.port ?? (scheme == "https" ? 443 : 80))"
    }

    private static func oauthConfiguration(_ root: URL, clientID: String, policy: AddressPolicy) -> OAuthConfiguration {
        OAuthConfiguration(
            authorizationEndpoint: root.appendingPathComponent("oauth/authorize"),
            tokenEndpoint: root.appendingPathComponent("oauth/token"),
            deviceAuthorizationEndpoint: root.appendingPathComponent("oauth/device"),
            clientID: clientID, scopes: ["photos.read"], addressPolicy: policy)
    }
}
