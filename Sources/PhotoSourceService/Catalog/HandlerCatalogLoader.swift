public import Foundation
public import PhotoSourceKit

/// Keeps the handler catalog in force: the bundled one, or a configured remote one refreshed
/// with a conditional GET at most once per refresh interval, with one download in flight, the
/// last good copy on disk (used at start, so an offline start works), and a growing wait after
/// failures. A download that fails, or a document that does not parse or lint clean, leaves the
/// catalog in force unchanged.
public actor HandlerCatalogLoader {
    /// Where the remote catalog is and how often to ask for it.
    public struct Settings: Sendable {
        /// The remote catalog; `nil` uses the bundled one only.
        public var remoteURL: URL?
        /// The least time between two downloads (4 hours; 0 in development asks every time).
        public var refreshInterval: Duration
        /// The wait after the first failure, doubled after each further one.
        public var failureBackoff: Duration
        /// The longest wait after failures.
        public var maximumBackoff: Duration
        /// Where the last good copy is kept; `nil` keeps none.
        public var folder: URL?
        /// Whether the catalog may use http: URLs.
        public var development: Bool
        /// Parse limits (the byte limit also bounds the download).
        public var limits: HandlerCatalog.Limits

        /// Creates settings.
        public init(
            remoteURL: URL? = nil, refreshInterval: Duration = .seconds(4 * 3600), failureBackoff: Duration = .seconds(60),
            maximumBackoff: Duration = .seconds(3600), folder: URL? = nil, development: Bool = false,
            limits: HandlerCatalog.Limits = HandlerCatalog.Limits()
        ) {
            self.remoteURL = remoteURL
            self.refreshInterval = refreshInterval
            self.failureBackoff = failureBackoff
            self.maximumBackoff = maximumBackoff
            self.folder = folder
            self.development = development
            self.limits = limits
        }
    }

    private let settings: Settings
    private let fetcher: any CatalogFetching
    private let now: @Sendable () -> Date
    private let diskCopy: CatalogDiskCopy?
    private var current: HandlerCatalog
    private var validators = CatalogValidators()
    private var nextAttempt = Date.distantPast
    private var failures = 0
    private var inFlight: Task<CatalogRefreshOutcome, Never>?
    private var problem: String?

    /// Creates a loader holding `bundled`, or the last good copy in `settings.folder` when there is
    /// one (then the next download is due a refresh interval after that copy was fetched).
    public init(
        bundled: HandlerCatalog, settings: Settings, fetcher: any CatalogFetching = HTTPCatalogFetcher(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.fetcher = fetcher
        self.now = now
        self.diskCopy = settings.folder.map(CatalogDiskCopy.init(folder:))
        self.current = bundled
        if settings.remoteURL != nil, let (catalog, stamp) = diskCopy?.read(limits: settings.limits, development: settings.development) {
            current = catalog
            validators = stamp.validators
            nextAttempt = stamp.fetchedAt.addingTimeInterval(settings.refreshInterval.inSeconds)
        }
    }

    /// The catalog in force now.
    public var catalog: HandlerCatalog { current }

    /// Why the last refresh failed, or `nil` after a good one.
    public var lastProblem: String? { problem }

    /// Downloads the remote catalog when one is configured and due; a caller arriving while a
    /// download is in flight waits for that one instead of starting another.
    public func refreshIfDue() async -> CatalogRefreshOutcome {
        if let inFlight { return await inFlight.value }
        guard let url = settings.remoteURL else { return .notConfigured }
        guard now() >= nextAttempt else { return .notDue }
        let download = Task { await self.download(url) }
        inFlight = download
        let outcome = await download.value
        inFlight = nil
        return outcome
    }

    private func download(_ url: URL) async -> CatalogRefreshOutcome {
        let result: CatalogFetchResult
        do {
            result = try await fetcher.fetch(url, validators: validators, maximumBytes: settings.limits.maximumBytes)
        } catch {
            return failed(PhotoSourceError.wrapping(error, context: "Downloading the handler catalog").description)
        }
        guard case .fetched(let document, let newValidators) = result else {
            succeeded()
            return .notModified
        }
        let catalog: HandlerCatalog
        do {
            catalog = try HandlerCatalog.parse(document, limits: settings.limits)
        } catch {
            return failed("The downloaded handler catalog was refused: \(error)")
        }
        let errors = CatalogLinter(development: settings.development).problems(in: catalog).filter { $0.severity == .error }
        if let first = errors.first {
            return failed("The downloaded handler catalog has \(errors.count) error(s), the first: \(first)")
        }
        current = catalog
        validators = newValidators
        succeeded()
        try? diskCopy?.write(document, stamp: .init(validators: newValidators, fetchedAt: now()))
        return .updated
    }

    private func succeeded() {
        failures = 0
        problem = nil
        nextAttempt = now().addingTimeInterval(settings.refreshInterval.inSeconds)
    }

    private func failed(_ message: String) -> CatalogRefreshOutcome {
        failures += 1
        problem = message
        let doubling = Double(1 << min(failures - 1, 20))
        let wait = min(settings.failureBackoff.inSeconds * doubling, settings.maximumBackoff.inSeconds)
        nextAttempt = now().addingTimeInterval(wait)
        return .failed(message)
    }
}
