public import Foundation
public import PhotoImaging
import PhotoSourceKit

/// What the controllers share: configuration, store, sources, URL signer, thumbnail cache and originals spool.
public struct ServiceDependencies: Sendable {
    /// The configuration in force.
    public let configuration: ServiceConfiguration
    /// Sessions, sign-ins, authorizations and idempotency records.
    public let store: any ServiceStore
    /// The sources offered.
    public let catalog: SourceCatalog
    /// The shared thumbnail cache.
    public let thumbnails: ThumbnailCache
    /// Originals of sources without files, downloaded once into `originals/` of the shared folder (else the state folder).
    let originals: OriginalsSpool
    let signer: URLSigner
    let apiKeyDigests: [[UInt8]]
    /// The rate limiters, shared by the middleware and the signed-thumbnail fast path.
    let rateLimits: RateLimits
    /// The port the server listens on, once it does (``assetURL(sha256:md5:contentType:now:)`` without a `publicBaseURL`).
    let listeningPort = BoundPort()
    /// Customer uploads (tus at `/v1/uploads`), in the state folder's `uploads/`.
    let uploads: UploadStore
    /// Photos handlers sent back after a hand-off (the "Received" source), in `received/`.
    let received: ReceivedPhotos
    /// The time now (``ServiceArguments/clock``): sessions' expiry and idempotency records' lifetime.
    let now: @Sendable () -> Date
    /// The handler catalog ("Send to…"): bundled or remote, with the configuration's handlers
    /// merged in, and the shop's custom actions.
    public let handlerCatalog: ServiceHandlerCatalog
    /// Catalog icons through the shared thumbnail cache.
    let catalogIcons: CatalogIcons

    /// Bundles the service's parts; the handler catalog's loader is made from the configuration
    /// unless `handlerCatalogLoader` is given.
    public init(
        configuration: ServiceConfiguration, store: any ServiceStore, catalog: SourceCatalog, thumbnails: ThumbnailCache,
        now: @escaping @Sendable () -> Date = { Date() }, handlerCatalogLoader: HandlerCatalogLoader? = nil
    ) throws {
        self.now = now
        self.configuration = configuration
        self.store = store
        self.catalog = catalog
        self.thumbnails = thumbnails
        originals = try OriginalsSpool(
            directory: configuration.sharedOrStateFolder.appendingPathComponent("originals", isDirectory: true),
            maximumBytes: configuration.limits.originalsSpoolBytes)
        signer = try URLSigner(base64Keys: configuration.signingKeys)
        apiKeyDigests = configuration.apiKeyHashes.compactMap(SecretHash.parseAPIKeyHash)
        rateLimits = RateLimits(configuration)
        uploads = UploadStore(configuration)
        handlerCatalog = ServiceHandlerCatalog(
            loader: handlerCatalogLoader ?? ServiceHandlerCatalog.loader(
                settings: configuration.catalog, stateDirectory: URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)),
            settings: configuration.catalog)
        received = ReceivedPhotos(configuration)
        catalogIcons = CatalogIcons(thumbnails: thumbnails, development: configuration.catalog.development)
    }

    /// `path` prefixed with the public base URL when one is configured (else left relative).
    func link(_ path: String) -> String {
        guard var base = configuration.publicBaseURL, !base.isEmpty else { return path }
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// Runs a call into a source with the configured timeout: a slow or hung source answers
    /// 504-style `.connection` instead of holding the request (and its task) forever.
    func withSourceTimeout<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let seconds = configuration.limits.sourceTimeoutSeconds
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw PhotoSourceError(.connection, "The source did not answer within \(Int(seconds)) seconds; try again later.")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }
}
