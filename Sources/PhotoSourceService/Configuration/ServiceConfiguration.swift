import Foundation

/// Everything `photosource serve` needs, read from one JSON file (see `docs/service-config.md`
/// in the README's "Run the service") with environment overrides on top.
///
/// Secrets are never kept in plain text: API keys are SHA-256 hashes (`sha256:HEX`); URL-signing
/// keys and the token-sealing key are base64 and belong in a file only the service reads.
public struct ServiceConfiguration: Sendable, Codable {
    /// Request limits.
    public struct Limits: Sendable, Codable, Hashable {
        /// The largest request body accepted, in bytes (larger ones get 413).
        public var maximumBodyBytes: Int
        /// Requests one customer session, or one client address without a session, may make per minute.
        public var requestsPerMinute: Int
        /// How long a customer session lives after its last use, in seconds (sliding).
        public var sessionLifetimeSeconds: Int
        /// How long a thumbnail URL stays valid, in seconds.
        public var thumbnailURLLifetimeSeconds: Int
        /// How long an original's URL stays valid, in seconds (days: labs fetch late).
        public var originalURLLifetimeSeconds: Int
        /// How long one call into a source may take before the request answers 504, in seconds.
        public var sourceTimeoutSeconds: Double
        /// The most disk the originals spool (originals of `cloud:` and `urls:` sources, kept
        /// under the state folder) may use, in bytes; least recently used files go first.
        public var originalsSpoolBytes: Int
        /// How often expired sessions, OAuth states and device sign-ins are deleted from the
        /// store, in seconds (``StorePurger``); they are refused as soon as they expire either way.
        public var purgeIntervalSeconds: Double

        /// Creates limits; the defaults suit one shop on one machine.
        public init(
            maximumBodyBytes: Int = 64 * 1024, requestsPerMinute: Int = 600, sessionLifetimeSeconds: Int = 2 * 3600,
            thumbnailURLLifetimeSeconds: Int = 24 * 3600, originalURLLifetimeSeconds: Int = 7 * 24 * 3600,
            sourceTimeoutSeconds: Double = 20, originalsSpoolBytes: Int = 2 << 30, purgeIntervalSeconds: Double = 300
        ) {
            self.maximumBodyBytes = maximumBodyBytes
            self.requestsPerMinute = requestsPerMinute
            self.sessionLifetimeSeconds = sessionLifetimeSeconds
            self.thumbnailURLLifetimeSeconds = thumbnailURLLifetimeSeconds
            self.originalURLLifetimeSeconds = originalURLLifetimeSeconds
            self.sourceTimeoutSeconds = sourceTimeoutSeconds
            self.originalsSpoolBytes = originalsSpoolBytes
            self.purgeIntervalSeconds = purgeIntervalSeconds
        }
    }

    /// The address to listen on (`127.0.0.1`).
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The URL clients reach the service at, for signed URLs (`http://HOST:PORT` when `nil`).
    public var publicBaseURL: String?
    /// Sources: `demo`, `demo-cloud` (an in-process demo cloud), `local:PATH`, `cloud:URL`, `urls:FILE`.
    /// A file that leaves them out gets ``defaultSources``, as the service without a file does.
    public var sources: [String]
    /// The sign-in flow of cloud sources, by source id (`cloud-2`, `demo-cloud`): `deviceCode` for
    /// providers that only offer the device flow; a source not named uses `authorizationCode`.
    public var signInFlows: [String: CloudSignIn.Flow]
    /// Hashes of the shops' API keys, each `sha256:` and 64 hex digits.
    public var apiKeyHashes: [String]
    /// A file holding more API key hashes, one per line (read by ``load(file:environment:)``;
    /// a relative path is relative to the configuration file's folder).
    public var apiKeyHashesFile: String?
    /// URL-signing keys, base64, at least 32 bytes each: the first signs, all verify.
    public var signingKeys: [String]
    /// A file holding the URL-signing keys instead, one per line, the signing one first (how
    /// secrets reach a container); read by ``load(file:environment:)``.
    public var signingKeysFile: String?
    /// The AES-GCM key sealing source tokens in the store, base64 of 32 bytes.
    public var sealingKey: String
    /// A file holding the sealing key instead; read by ``load(file:environment:)``.
    public var sealingKeyFile: String?
    /// Browser origins allowed to call the API (`https://shop.example`); never `*`.
    public var allowedOrigins: [String]
    /// Origins (`http://10.0.0.5:8000`) that `urls:FILE` entries may reach although they are not
    /// public addresses, such as the shop's own upload server on its LAN; everything else must be public.
    public var allowedSourceOrigins: [String]
    /// Request limits.
    public var limits: Limits
    /// The products fitness is computed against.
    public var products: [Product]
    /// The folder of the SQLite store and the thumbnail cache.
    public var stateDirectory: String
    /// Where orders may go: destination accounts, several per kind, each enabled or not.
    public var destinations: [DestinationConfiguration]
    /// How the order pipeline runs.
    public var orders: OrderSettings
    /// The shop's webhook for `order.updated` events; `nil` sends none (and keeps no outbox).
    public var webhook: WebhookSettings?
    /// Connection timeouts and cap, and the rate limits of signed assets and session creation.
    public var traffic = TrafficLimits()
    /// The web picker's settings: the shops that may embed it.
    public var picker = PickerSettings()
    /// Limits of customer uploads (tus at `/v1/uploads`).
    public var uploads = UploadSettings()
    /// Hand-offs to other apps: how long their one-time URLs work, the image's size, returns' size, CORS origins.
    public var handoffs = HandoffSettings()
    /// The PostgreSQL database that holds the state (`postgres://user@host:5432/photosource?sslmode=disable`),
    /// so several instances can share it; `nil` keeps it in the state folder's SQLite file.
    /// `PHOTOSOURCE_DATABASE_URL` overrides it.
    public var database: String?
    /// The database's password when the URL has none (a secret: also `PHOTOSOURCE_DATABASE_PASSWORD`
    /// or a file, ``databasePasswordFile`` / `PHOTOSOURCE_DATABASE_PASSWORD_FILE`).
    public var databasePassword: String?
    /// A file holding the database's password; read by ``load(file:environment:)``.
    public var databasePasswordFile: String?
    /// A folder every instance of the service reaches (a network mount, for several instances
    /// behind a load balancer): the asset store (`assets/`, unless `orders.assetDirectory` says
    /// otherwise) and the originals spool (`originals/`) live there instead of in ``stateDirectory``.
    /// `nil` (the default) keeps them in the state folder.
    public var sharedDirectory: String?
    /// The handler catalog ("Send to…"): the remote catalog, the shop's own handlers and actions.
    public var catalog = CatalogSettings()

    /// Creates a configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicBaseURL: String? = nil, sources: [String] = ["demo"],
        signInFlows: [String: CloudSignIn.Flow] = [:], apiKeyHashes: [String], signingKeys: [String], sealingKey: String, allowedOrigins: [String] = [],
        allowedSourceOrigins: [String] = [], limits: Limits = Limits(), products: [Product] = Product.defaults, stateDirectory: String,
        destinations: [DestinationConfiguration]? = nil, orders: OrderSettings = OrderSettings(),
        webhook: WebhookSettings? = nil
    ) {
        self.host = host
        self.port = port
        self.publicBaseURL = publicBaseURL
        self.sources = sources
        self.signInFlows = signInFlows
        self.apiKeyHashes = apiKeyHashes
        self.signingKeys = signingKeys
        self.sealingKey = sealingKey
        self.allowedOrigins = allowedOrigins
        self.allowedSourceOrigins = allowedSourceOrigins
        self.limits = limits
        self.products = products
        self.stateDirectory = stateDirectory
        self.destinations = destinations ?? [.folder(root: Self.defaultOrderFolder(environment: ProcessInfo.processInfo.environment))]
        self.orders = orders
        self.webhook = webhook
    }

    /// The sources of a configuration file that lists none, and of the service without one: the
    /// demo library, the in-process demo cloud, the customer's own uploads and the photos handlers sent back.
    public static let defaultSources = ["demo", "demo-cloud", "uploads", "received"]
}
