public import Logging
import PhotoSourceKit

/// What a destination kind gets when it is built from its configuration entry.
public struct OrderDestinationContext: Sendable {
    /// The service's configuration (public base URL, signing keys, state folder…).
    public var configuration: ServiceConfiguration
    /// Where the destination sends later news (a lab's verified callbacks).
    public var statusSink: any OrderStatusSink
    /// The service's logger.
    public var logger: Logger

    /// Creates a context.
    public init(configuration: ServiceConfiguration, statusSink: any OrderStatusSink, logger: Logger) {
        self.configuration = configuration
        self.statusSink = statusSink
        self.logger = logger
    }
}

/// Builds a destination from its configuration entry.
public typealias OrderDestinationFactory = @Sendable (DestinationConfiguration, OrderDestinationContext) throws -> any OrderDestination

/// The destination kinds the service knows, by the `kind` written in the configuration.
public enum OrderDestinationKinds {
    /// The kinds built in. A new kind is one line here: its name and its factory.
    public static let builtIn: [String: OrderDestinationFactory] = [
        "folder": FolderDestination.make,
        "httpUpload": RemoteDestinationEntry.makeDestination,
        "printLab": RemoteDestinationEntry.makeDestination,
    ]

    /// The enabled destinations of `configuration`, by id.
    ///
    /// - Throws: `.invalidData` naming the entry when its kind is unknown or its settings are wrong.
    public static func build(
        _ configuration: ServiceConfiguration, kinds: [String: OrderDestinationFactory] = builtIn, context: OrderDestinationContext
    ) throws -> [String: any OrderDestination] {
        var built: [String: any OrderDestination] = [:]
        for entry in configuration.destinations where entry.enabled {
            guard let make = kinds[entry.kind] else {
                throw PhotoSourceError(
                    .invalidData,
                    "destinations: \"\(entry.id)\" has kind \"\(entry.kind)\"; the known kinds are \(kinds.keys.sorted().joined(separator: ", ")).")
            }
            built[entry.id] = try make(entry, context)
        }
        return built
    }
}
