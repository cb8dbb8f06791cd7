import Foundation
import Logging
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import ServiceLifecycle

/// The print-ordering service and the demo print lab, started inside the REPL on 127.0.0.1
/// (ephemeral ports) the first time `order` runs, and stopped, state folder and all, when the
/// REPL ends. They run as ServiceLifecycle services of one group that no signal reaches, so
/// Ctrl-C at the REPL never stops them.
///
/// Destinations: `folder` (the default folder, `$XDG_DATA_HOME/photosource/orders`) and `lab`
/// (the demo lab, whose signed callbacks come back to the service).
struct InProcessOrderService: Sendable {
    /// `http://127.0.0.1:PORT` of the service.
    let baseURL: URL
    /// The demo lab's base URL.
    let labURL: URL
    /// The configuration the service runs with (products, destinations).
    let configuration: ServiceConfiguration
    /// The customer session the REPL orders with.
    private(set) var sessionToken = ""
    /// Which service source id each REPL source has.
    let sources: ReplSourceCatalog
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let stateFolder: URL

    /// The id of the demo lab's destination.
    static let labDestinationID = "lab"
    /// Every destination's id, in the order orders go to them.
    static let destinationIDs = ["folder", labDestinationID]
    /// The products on offer (the service's defaults).
    static let products = Product.defaults
    /// Their ids, in the catalog's order.
    static let productIDs = products.map(\.id)
    /// The product `order` prints when it is given none.
    static let defaultProduct = "4x6"

    /// Starts the lab and the service over `sources`, opens a customer session, and returns once
    /// both listen. Throws `.connection` when either cannot start (nothing is left running then).
    static func start(sources: [any PhotoSource], environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> InProcessOrderService {
        let catalog = try ReplSourceCatalog(sources)
        let stateFolder = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-orders-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: stateFolder, withIntermediateDirectories: true)
        let port = try FreeLoopbackPort.pick()
        let origin = "http://127.0.0.1:\(port)"
        let secret = (0..<2).map { _ in UUID().uuidString }.joined()
        let lab = DemoLab()
        do {
            let labURL = try await lab.start(configuration: .init(
                callbackURL: URL(string: "\(origin)/v1/destinations/\(labDestinationID)/callbacks"), callbackSecret: secret,
                trustedOrigins: [origin], stageInterval: stageInterval(environment), logsLifecycle: false))
            let loaded = try ServiceConfiguration.ephemeral(
                port: port, stateDirectory: stateFolder.path,
                adding: [labDestination(ordersURL: labURL.appendingPathComponent("v4.0/Orders"), secret: secret)], environment: environment)
            let (ports, listening) = AsyncStream.makeStream(of: Int.self)
            let logger = quietLogger(environment)
            // The REPL's sources, and "Received" for the photos `send N --to demo.editor --open` gets back.
            let served = SourceCatalog(catalog.catalog.sources + [.received(ReceivedPhotos(loaded.configuration))])
            var arguments = ServiceArguments(
                configuration: loaded.configuration, catalog: served, logger: logger,
                onListening: { port in
                    listening.yield(port)
                    listening.finish()
                })
            arguments.startsDemoEditor = true  // `send N --to demo.editor` round-trips through it
            let app = try await buildApplication(arguments)
            // The lab first: a group stops its services last to first, so the service drains before the lab goes.
            let services: [any Service] = [DemoLabService(lab: lab), app]
            let group = ServiceGroup(configuration: .init(services: services, logger: logger))
            let task = Task {
                defer { listening.finish() }
                try await group.run()
            }
            var iterator = ports.makeAsyncIterator()
            guard await iterator.next() != nil else {
                await group.triggerGracefulShutdown()
                let failure = await task.result
                throw PhotoSourceError(.connection, "The order service could not listen on 127.0.0.1:\(port); try `order` again.", underlying: failure.error)
            }
            let baseURL = URL(string: origin)!
            let client = OrderAPIClient(baseURL: baseURL, bearer: loaded.generatedAPIKey ?? "")
            var service = InProcessOrderService(
                baseURL: baseURL, labURL: labURL, configuration: loaded.configuration, sources: catalog, group: group, task: task,
                stateFolder: stateFolder)
            do {
                service.sessionToken = try await client.createSession()
                return service
            } catch {
                await service.stop()
                throw error
            }
        } catch {
            await lab.stop()
            try? FileManager.default.removeItem(at: stateFolder)
            throw error
        }
    }

    /// The client the REPL's customer session talks through.
    var client: OrderAPIClient { OrderAPIClient(baseURL: baseURL, bearer: sessionToken) }

    /// Where the `folder` destination writes an order.
    func folder(of orderID: String, destination: String) -> String? {
        guard let entry = configuration.destinations.first(where: { $0.id == destination && $0.kind == "folder" }),
              case .object(let settings) = entry.settings, case .string(let root)? = settings["root"]
        else { return nil }
        return URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent(orderID).path
    }

    /// Stops the service (its requests and jobs drain) and then the lab, and removes the state
    /// folder; whatever still runs after `grace` is cancelled, so leaving the REPL never hangs.
    func stop(grace: Duration = .seconds(10)) async {
        await group.triggerGracefulShutdown()
        let task = task
        let backstop = Task {
            try await Task.sleep(for: grace)
            task.cancel()
        }
        _ = await task.result
        backstop.cancel()
        try? FileManager.default.removeItem(at: stateFolder)
    }

    /// The demo lab as a `printLab` destination: a SKU for every default product, a demo recipient.
    private static func labDestination(ordersURL: URL, secret: String) -> DestinationConfiguration {
        var skus: [String: JSONValue] = [:]
        for product in Product.defaults { skus[product.id] = .string("DEMO-" + product.id.uppercased()) }
        let address: [String: JSONValue] = [
            "line1": .string("1 Loop Road"), "postalOrZipCode": .string("12345"), "countryCode": .string("GB"), "townOrCity": .string("London"),
        ]
        return DestinationConfiguration(id: labDestinationID, kind: "printLab", settings: [
            "url": .string(ordersURL.absoluteString), "callbackSecrets": .array([.string(secret)]), "skus": .object(skus),
            "recipient": .object(["name": .string("REPL customer"), "address": .object(address)]),
        ])
    }

    /// The demo lab's pause between stages: `PHOTOSOURCE_DEMO_LAB_STAGE_SECONDS` (0 to 60, to
    /// watch an order move, or to have time to press Ctrl-C), else one second.
    private static func stageInterval(_ environment: [String: String]) -> Duration {
        guard let text = environment["PHOTOSOURCE_DEMO_LAB_STAGE_SECONDS"], let seconds = Double(text), (0...60).contains(seconds) else {
            return .seconds(1)
        }
        return .milliseconds(Int(seconds * 1000))
    }

    /// Critical messages only (the REPL's screen is the person's), or `PHOTOSOURCE_LOG_LEVEL`.
    private static func quietLogger(_ environment: [String: String]) -> Logger {
        var logger = Logger(label: "photosource.repl-orders")
        logger.logLevel = environment["PHOTOSOURCE_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        return logger
    }
}

/// Stops the demo lab when the group shuts down.
private struct DemoLabService: Service {
    let lab: DemoLab

    func run() async throws {
        try? await gracefulShutdown()
        await lab.stop()
    }
}

extension Result {
    /// The failure, or `nil` on success.
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
