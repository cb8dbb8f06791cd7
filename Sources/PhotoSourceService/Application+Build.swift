public import Foundation
public import Hummingbird
public import Logging
public import PhotoImaging
import PhotoSourceKit
import SampleSources
import ServiceLifecycle
public import Prometheus
import Metrics

/// How to build the service: the configuration plus the pieces a test or an embedding server
/// may want to supply itself.
public struct ServiceArguments: Sendable {
    /// The configuration.
    public var configuration: ServiceConfiguration
    /// The sources; resolved from `configuration.sources` when `nil`.
    public var catalog: SourceCatalog?
    /// The store; the SQLite file `service.sqlite` in the state folder when `nil`.
    public var store: (any ServiceStore)?
    /// The thumbnail cache; one in the state folder when `nil`.
    public var thumbnails: ThumbnailCache?
    /// Where the service logs.
    public var logger: Logger
    /// The registry `/metrics` emits. Request metrics are recorded in it directly; bootstrap
    /// `MetricsSystem` with a factory over it (``bootstrapServiceMetrics()``) to add other libraries' metrics.
    public var metrics: PrometheusCollectorRegistry
    /// Called with the bound port once the server listens (for `listening on …`).
    public var onListening: @Sendable (_ port: Int) async -> Void
    /// The time now, as sessions' expiry and idempotency records' lifetime read it (tests move it on).
    public var clock: @Sendable () -> Date
    /// The handler catalog's loader; one made from `configuration.catalog` when `nil` (tests
    /// give their own, with its own `now` and fetcher).
    public var handlerCatalogLoader: HandlerCatalogLoader?
    /// Whether the demo editor (`demo.editor`) runs on loopback beside the service and is added
    /// to the catalog's handlers: `photosource serve` without `--config` and the REPL's service.
    public var startsDemoEditor = false

    /// Arguments for `configuration`, with the defaults above.
    public init(
        configuration: ServiceConfiguration, catalog: SourceCatalog? = nil, store: (any ServiceStore)? = nil,
        thumbnails: ThumbnailCache? = nil, logger: Logger = Logger(label: "photosource.service"), metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.catalog = catalog
        self.store = store
        self.thumbnails = thumbnails
        self.logger = logger
        self.metrics = metrics
        self.onListening = onListening
        self.clock = clock
    }
}

/// The whole service as a ServiceLifecycle service: used by `photosource serve` and by the tests.
///
/// Opens (and migrates) the store before returning, so the server accepts requests only on an
/// up-to-date schema. Run it with `runService()` (SIGTERM/SIGINT drain requests in flight) or
/// inside your own `ServiceGroup`.
public func buildApplication(_ arguments: ServiceArguments) async throws -> some ApplicationProtocol {
    let configuration = arguments.configuration
    let state = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
    // 0700 whatever the umask; refused when another user may write it (PrivateDirectory).
    try PrivateDirectory.prepareState(state)
    let store: any ServiceStore
    var ownedStore: SQLServiceStore?
    if let given = arguments.store {
        store = given
    } else {
        let opened = try await SQLServiceStore.open(
            database: configuration.database, password: configuration.databasePassword, sqliteFile: state.appendingPathComponent("service.sqlite"))
        store = opened
        ownedStore = opened
    }
    var demoCloud: DemoCloud?
    let demoEditor = arguments.startsDemoEditor ? DemoEditor() : nil
    do {
        if arguments.catalog == nil, configuration.sources.contains("demo-cloud") {
            let cloud = DemoCloud()
            _ = try await cloud.start(configuration: .init(autoApprove: true, logsLifecycle: false))
            demoCloud = cloud
        }
        let catalog = try arguments.catalog ?? SourceCatalog.resolve(
            configuration.sources, demoCloud: demoCloud?.baseURL, allowedSourceOrigins: configuration.allowedSourceOrigins,
            signInFlows: configuration.signInFlows, uploads: UploadStore(configuration),
            received: ReceivedPhotos(configuration))
        for refusal in catalog.refusedEntries {
            arguments.logger.warning("a list entry is refused and listed as not allowed", metadata: ["entry": "\(LogField.bounded(refusal))"])
        }
        let thumbnails = arguments.thumbnails
            ?? ThumbnailCache(.init(diskDirectory: state.appendingPathComponent("thumbnails", isDirectory: true)))
        if let demoEditor { _ = try await demoEditor.start() }
        // With the running demo editor among the catalog's handlers (else the same).
        let served = demoEditor.map { DemoEditorService.configuration(configuration, offering: $0) } ?? configuration
        let dependencies = try ServiceDependencies(
            configuration: served, store: store, catalog: catalog, thumbnails: thumbnails, now: arguments.clock,
            handlerCatalogLoader: arguments.handlerCatalogLoader)
        let router = buildRouter(dependencies, metrics: arguments.metrics)
        let onListening = arguments.onListening
        let connections = ConnectionPlan(configuration.traffic, openFileLimit: OpenFileLimit.raiseSoftLimit())
        var app = Application(
            router: router,
            server: connections.server(fastPath: SignedThumbnailFastPath(dependencies: dependencies, serverName: serverName)),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: serverName,
                availableConnectionsDelegate: connections.acceptLimit(logger: arguments.logger)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                dependencies.listeningPort.set(port)
                await onListening(port)
            },
            logger: arguments.logger)
        // The store the service opened closes after the server has drained.
        if let ownedStore { app.addServices(ownedStore) }
        if let demoCloud { app.addServices(DemoCloudService(cloud: demoCloud)) }
        if let demoEditor { app.addServices(DemoEditorService(editor: demoEditor)) }
        // Added after the store, so it stops before the store closes.
        var purger = StorePurger(
            store: store, interval: .seconds(configuration.limits.purgeIntervalSeconds),
            webhookRetention: .seconds((configuration.webhook?.retentionDays ?? WebhookSettings.defaultRetentionDays) * 86_400),
            recipientRetention: .seconds(configuration.orders.recipientRetentionDays * 86_400),
            logger: arguments.logger)
        purger.uploads = dependencies.uploads
        purger.received = dependencies.received
        app.addServices(purger)
        // Added after the store: the worker stops (handing its jobs back) before the store closes.
        if store is any OrderStore { app.addServices(try OrderWorker.make(dependencies, logger: arguments.logger)) }
        // The shop's webhook: without one, no outbox rows are written.
        if let webhook = configuration.webhook { app.addServices(try WebhookDispatcher(store: try dependencies.orderStore(), settings: webhook, logger: arguments.logger)) }
        return app
    } catch {
        // Nothing will run what was opened: close it here (a store left open traps in SQLiteNIO's
        // debug builds and leaks its thread otherwise), then report why the service cannot start.
        await demoCloud?.stop()
        await demoEditor?.stop()
        try? await ownedStore?.close()
        throw error
    }
}

/// The `Server` header of every response.
let serverName = "photosource"

/// The router: middleware (outermost first) and one controller per resource.
public func buildRouter(_ dependencies: ServiceDependencies, metrics: PrometheusCollectorRegistry) -> Router<ServiceRequestContext> {
    let limits = dependencies.configuration.limits
    let router = Router(context: ServiceRequestContext.self, options: .autoGenerateHeadEndpoints)  // HEAD answers like GET, without the body
    router.addMiddleware {
        // Outermost: it records the status actually sent, after every error became a response.
        RequestMetricsMiddleware(registry: metrics)
        SecurityHeadersMiddleware()
        CORSAllowListMiddleware(allowedOrigins: Set(dependencies.configuration.allowedOrigins))
        ProblemMiddleware()
        RateLimitMiddleware(dependencies: dependencies)
        BodyLimitMiddleware(maximumBytes: limits.maximumBodyBytes)
        JSONBodyMiddleware(maximumBytes: limits.maximumBodyBytes)
    }
    SessionsController(dependencies: dependencies).addRoutes(to: router)
    SourcesController(dependencies: dependencies).addRoutes(to: router)
    ItemsController(dependencies: dependencies).addRoutes(to: router)
    ThumbnailsController(dependencies: dependencies).addRoutes(to: router)
    OriginalsController(dependencies: dependencies).addRoutes(to: router)
    AssetsController(dependencies: dependencies).addRoutes(to: router)
    SignInController(dependencies: dependencies).addRoutes(to: router)
    PickerController(dependencies: dependencies).addRoutes(to: router)
    OrdersController(dependencies: dependencies).addRoutes(to: router)
    OrderAssetURLsController(dependencies: dependencies).addRoutes(to: router)
    WebhookEventsController(dependencies: dependencies).addRoutes(to: router)
    WebhookRedeliveryController(dependencies: dependencies).addRoutes(to: router)
    WebhookPingController(dependencies: dependencies).addRoutes(to: router)
    if dependencies.catalog.sources.contains(where: { $0.id == ServiceSource.uploadsID }) {
        UploadsController(dependencies: dependencies).addRoutes(to: router)
    }
    HandoffsController(dependencies: dependencies).addRoutes(to: router)
    HandoffImageController(dependencies: dependencies).addRoutes(to: router)
    HandoffReturnController(dependencies: dependencies).addRoutes(to: router)
    DestinationsController(dependencies: dependencies).addRoutes(to: router)
    CatalogController(dependencies: dependencies).addRoutes(to: router)
    CatalogDefaultsController(dependencies: dependencies).addRoutes(to: router)
    IconsController(dependencies: dependencies).addRoutes(to: router)
    if let orders = try? dependencies.orderStore() {
        // Print labs' signed status callbacks, applied once each to the order they name. Mounted
        // whenever orders are kept, so a destination that is not a configured lab answers 404.
        let verifiers = (try? RemoteDestinationEntry.callbackVerifiers(dependencies.configuration)) ?? [:]
        PrintLabCallbackController(verifiers: verifiers, sink: OrderStatusRecorder(store: orders)).addRoutes(to: router)
    }
    SystemController(dependencies: dependencies, registry: metrics).addRoutes(to: router)
    router.add(middleware: MethodNotAllowedMiddleware(routes: router.routes))  // last: it wraps only the not-found responder
    return router
}

/// Process-wide metrics for `photosource serve`: bootstraps swift-metrics with a Prometheus
/// factory over a new registry and returns the registry for ``ServiceArguments/metrics``.
/// Call once per process (swift-metrics allows one bootstrap); embedding servers that already
/// bootstrapped pass their own registry instead.
public func bootstrapServiceMetrics() -> PrometheusCollectorRegistry {
    let registry = PrometheusCollectorRegistry()
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    return registry
}

/// Builds the service and runs it until SIGTERM or SIGINT, which drain requests in flight.
public func runService(_ arguments: ServiceArguments) async throws {
    try await buildApplication(arguments).runService()
}

/// Stops the in-process demo cloud after the service has drained.
struct DemoCloudService: Service {
    let cloud: DemoCloud

    func run() async throws {
        try? await gracefulShutdown()
        await cloud.stop()
    }
}
