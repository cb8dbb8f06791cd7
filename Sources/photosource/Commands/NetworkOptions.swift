import ArgumentParser
import Foundation
import PhotoNetworking
import PhotoSourceKit

/// `--allow-origin ORIGIN`, shared by every command that may reach the network.
struct NetworkOptions: ParsableArguments {
    @Option(
        name: .customLong("allow-origin"),
        help: ArgumentHelp(
            "Trust this origin (scheme://host:port) even on loopback or a private network; repeatable. "
                + "PHOTOSOURCE_ALLOW_ORIGINS adds more, comma-separated.",
            valueName: "origin"))
    var allowOrigins: [String] = []

    /// Rejects a malformed origin as a usage error.
    func validate() throws {
        do {
            _ = try settings().addressPolicy()
        } catch let error as PhotoSourceError {
            throw ValidationError(error.message)
        }
    }

    /// The settings for `environment` (default: this process's).
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) -> NetworkSettings {
        NetworkSettings(allowedOrigins: NetworkSettings.origins(options: allowOrigins, environment: environment))
    }
}
