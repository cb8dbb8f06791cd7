/// What one ``HandlerCatalogLoader/refreshIfDue()`` did.
public enum CatalogRefreshOutcome: Sendable, Equatable {
    /// No remote catalog is configured: the bundled one is used.
    case notConfigured
    /// The last attempt was too recent (the refresh interval, or the backoff after a failure).
    case notDue
    /// The server said 304: the catalog in hand is current.
    case notModified
    /// A new catalog is in force (and written to disk as the last good copy).
    case updated
    /// The download or the document failed; the last good catalog stays in force.
    case failed(String)
}
