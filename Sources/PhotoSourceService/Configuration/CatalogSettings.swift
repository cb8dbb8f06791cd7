public import Foundation
public import PhotoSourceKit

/// The handler catalog ("Send to…", issue 21): where the remote catalog is, the shop's own
/// handlers and actions, and how signup links carry the shop's referral.
///
/// The JSON key is `catalog`; every field may be left out (the bundled catalog is used then).
/// See docs/catalog.md ("The service's catalog").
public struct CatalogSettings: Sendable, Codable, Hashable {
    /// The query parameter appended to handlers' signup links (PhotoAppLink's affiliate link):
    /// `{"name": "ref", "value": "shop42"}`.
    public typealias Referral = HandlerCatalog.OfferRequest.Referral

    /// The refresh interval of a configuration file that gives none: 4 hours.
    public static let standardRefreshIntervalSeconds: Double = 4 * 3600

    /// The remote catalog (https), refreshed with a conditional GET; `nil` uses the bundled one.
    public var url: String?
    /// The least time between two downloads of ``url``, in seconds (4 hours; 0 without `--config`).
    public var refreshIntervalSeconds: Double
    /// The shop's own handler id in the catalog, never offered to its own customers.
    public var shopHandlerID: String?
    /// The referral parameter appended to signup links, if any.
    public var referral: Referral?
    /// The shop's own handlers (the catalog file's format), merged over the bundled or remote
    /// catalog: one with the same id replaces the catalog's.
    public var handlers: [CatalogHandler]
    /// The shop's own actions, listed beside the handlers.
    public var customActions: [CustomAction]
    /// Whether catalog, handler and icon URLs may be http: (and icons reached on loopback): the
    /// service without `--config` sets it; a file should not.
    public var development: Bool

    /// Creates catalog settings.
    public init(
        url: String? = nil, refreshIntervalSeconds: Double = Self.standardRefreshIntervalSeconds, shopHandlerID: String? = nil,
        referral: Referral? = nil, handlers: [CatalogHandler] = [], customActions: [CustomAction] = [], development: Bool = false
    ) {
        self.url = url
        self.refreshIntervalSeconds = refreshIntervalSeconds
        self.shopHandlerID = shopHandlerID
        self.referral = referral
        self.handlers = handlers
        self.customActions = customActions
        self.development = development
    }

    private enum Keys: String, CodingKey, CaseIterable {
        case url, refreshIntervalSeconds, shopHandlerID, referral, handlers, customActions, development
    }

    /// Decodes catalog settings; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        self.init(
            url: try fields.optional(.url),
            refreshIntervalSeconds: try fields.value(.refreshIntervalSeconds, or: Self.standardRefreshIntervalSeconds),
            shopHandlerID: try fields.optional(.shopHandlerID),
            referral: try fields.optional(.referral),
            handlers: try fields.list(.handlers) ?? [],
            customActions: try fields.list(.customActions) ?? [],
            development: try fields.value(.development, or: false))
    }

    /// Encodes every field (`null` for the unset optional ones, so a starter file shows them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(url, forKey: .url)
        try container.encode(refreshIntervalSeconds, forKey: .refreshIntervalSeconds)
        try container.encode(shopHandlerID, forKey: .shopHandlerID)
        try container.encode(referral, forKey: .referral)
        try container.encode(handlers, forKey: .handlers)
        try container.encode(customActions, forKey: .customActions)
        try container.encode(development, forKey: .development)
    }

    /// The parsed remote catalog URL, when one is set.
    var remoteURL: URL? { url.flatMap(URL.init(string:)) }
}
