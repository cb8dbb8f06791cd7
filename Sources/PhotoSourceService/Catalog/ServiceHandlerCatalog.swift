public import Foundation
public import PhotoSourceKit

/// The handler catalog as the service offers it: the loader's catalog (bundled, or the remote
/// one refreshed when due) with the configuration's own `catalog.handlers` merged over it, and
/// the shop's custom actions.
public struct ServiceHandlerCatalog: Sendable {
    /// Keeps the bundled or remote catalog.
    public let loader: HandlerCatalogLoader
    /// The `catalog` block in force.
    public let settings: CatalogSettings

    /// The shop's own actions, in configuration order.
    public var customActions: [CustomAction] { settings.customActions }

    /// Wraps `loader` with the settings' own handlers and custom actions.
    public init(loader: HandlerCatalogLoader, settings: CatalogSettings) {
        self.loader = loader
        self.settings = settings
    }

    /// A loader for `settings`: the bundled catalog, or the remote one with its last good copy in
    /// `catalog/` of `stateDirectory`. In development the catalog's own origin may be on loopback.
    public static func loader(
        settings: CatalogSettings, stateDirectory: URL, now: @escaping @Sendable () -> Date = { Date() }
    ) -> HandlerCatalogLoader {
        let remote = settings.remoteURL
        let trusted = settings.development ? remote.flatMap(Self.origin(of:)).map { [$0] } ?? [] : []
        return HandlerCatalogLoader(
            bundled: BundledCatalog.catalog,
            settings: .init(
                remoteURL: remote, refreshInterval: .seconds(settings.refreshIntervalSeconds),
                folder: stateDirectory.appendingPathComponent("catalog", isDirectory: true), development: settings.development),
            fetcher: HTTPCatalogFetcher(trustedOrigins: trusted), now: now)
    }

    /// The catalog in force: the remote one is refreshed first when it is due (a caller arriving
    /// during a download waits for it; a failure keeps the last good one), then the
    /// configuration's handlers are merged over it.
    public func current() async -> HandlerCatalog {
        _ = await loader.refreshIfDue()
        return Self.merged(await loader.catalog, local: settings.handlers)
    }

    /// ``current()`` with a version that changes whenever the catalog does (a digest of it),
    /// which keys the icons' cache entries and signed URLs.
    func snapshot() async -> (catalog: HandlerCatalog, version: String) {
        let catalog = await current()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let digest = SecretHash.sha256Hex(String(decoding: (try? encoder.encode(catalog)) ?? Data(), as: UTF8.self))
        return (catalog, String(digest.prefix(32)))
    }

    /// `base` with each of `local` in place of the handler with its id, or appended when it has none.
    static func merged(_ base: HandlerCatalog, local: [CatalogHandler]) -> HandlerCatalog {
        guard !local.isEmpty else { return base }
        let localByID = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let baseIDs = Set(base.handlers.map(\.id))
        let replaced = base.handlers.map { localByID[$0.id] ?? $0 }
        return HandlerCatalog(version: base.version, handlers: replaced + local.filter { !baseIDs.contains($0.id) })
    }

    private static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme, let host = url.host else { return nil }
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }
}
