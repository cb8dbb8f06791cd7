public import Foundation
import PhotoSourceKit

extension ServiceConfiguration {
    /// A configuration for a service that lives only as long as the process embedding it (the
    /// REPL's `order` command runs one): on 127.0.0.1 `port`, its state in `stateDirectory`,
    /// fresh random URL-signing and token-sealing keys kept nowhere else, and one API key made
    /// for this run, returned in ``Loaded/generatedAPIKey`` (never written anywhere).
    ///
    /// Destinations are the default `folder` one (`$XDG_DATA_HOME/photosource/orders`, id
    /// `folder`) followed by `destinations`. Sources come from the catalog given to
    /// ``ServiceArguments/catalog``, so ``sources`` is empty.
    ///
    /// - Parameter port: the port the service will listen on, known in advance (not 0), since
    ///   signed originals URLs, which a print lab fetches, name it.
    /// - Throws: `.invalidData` when the port is 0 or out of range, or when the result would not
    ///   pass the checks `load` makes (a destination entry that fails its own validation).
    public static func ephemeral(
        port: Int, stateDirectory: String, adding destinations: [DestinationConfiguration] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Loaded {
        guard port != 0 else {
            throw PhotoSourceError(.invalidData, "An ephemeral service needs its port in advance (signed URLs name it); 0 is not one.")
        }
        let apiKey = "psk_" + SecretHash.randomToken()
        var configuration = ServiceConfiguration(
            host: "127.0.0.1", port: port, publicBaseURL: "http://127.0.0.1:\(port)", sources: [],
            apiKeyHashes: [SecretHash.apiKeyHash(of: apiKey)], signingKeys: [ServiceKeyFile.newKey()], sealingKey: ServiceKeyFile.newKey(),
            stateDirectory: stateDirectory,
            destinations: [.folder(root: defaultOrderFolder(environment: environment))] + destinations)
        configuration.orders.pollIntervalSeconds = 0.2
        try configuration.validate()
        return Loaded(configuration: configuration, generatedAPIKey: apiKey)
    }
}
