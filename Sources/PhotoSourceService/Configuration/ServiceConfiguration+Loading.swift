public import Foundation
import PhotoSourceKit

extension ServiceConfiguration {
    /// The result of loading: the configuration, and what the operator must be told about the API key.
    public struct Loaded: Sendable {
        /// The configuration with every override applied.
        public var configuration: ServiceConfiguration
        /// An API key made because none was configured, to show the operator once; else `nil`.
        public var generatedAPIKey: String?
        /// Without a file and without `PHOTOSOURCE_API_KEY`: the file in the state folder (mode 0600)
        /// that keeps the service's own API key across restarts; else `nil`.
        public var apiKeyFile: String?

        /// Creates a result.
        public init(configuration: ServiceConfiguration, generatedAPIKey: String? = nil, apiKeyFile: String? = nil) {
            self.configuration = configuration
            self.generatedAPIKey = generatedAPIKey
            self.apiKeyFile = apiKeyFile
        }
    }

    /// Reads `file` (the no-config default when `nil`), then the secrets from the environment and
    /// the files they name, then the other environment overrides, and checks the result. Every
    /// problem found on the way is reported at once, each with its JSON path (see docs/service-config.md).
    ///
    /// Secrets: `PHOTOSOURCE_SIGNING_KEYS` (comma-separated), `PHOTOSOURCE_SEALING_KEY`,
    /// `PHOTOSOURCE_API_KEY_HASHES` and `PHOTOSOURCE_WEBHOOK_SECRETS` replace the file's
    /// `signingKeys`, `sealingKey`, `apiKeyHashes` and `webhook.secrets`; each also has a `_FILE`
    /// variable and a `…File` field naming a file with one value per line. `PHOTOSOURCE_API_KEY`
    /// (or `PHOTOSOURCE_API_KEY_FILE`) is a plain key whose hash is added. Others: `PHOTOSOURCE_HOST`,
    /// `PHOTOSOURCE_PORT`, `PHOTOSOURCE_PUBLIC_URL`, `PHOTOSOURCE_STATE_DIR`,
    /// `PHOTOSOURCE_REQUESTS_PER_MINUTE`, `PHOTOSOURCE_ALLOWED_ORIGINS` (comma-separated),
    /// `PHOTOSOURCE_DEVICE_SIGN_IN` (comma-separated source ids that sign in with the device flow)
    /// and `PHOTOSOURCE_WEBHOOK_URL`.
    ///
    /// Without a file, the service runs on the demo library and an in-process demo cloud, keeps
    /// its state under `$XDG_STATE_HOME/photosource`, and keeps generated signing and sealing keys
    /// and its API key's hash in `service-keys.json` there (mode 0600), so URLs, sign-ins and the
    /// API key survive a restart; the plain API key is in ``Loaded/apiKeyFile``.
    ///
    /// - Throws: `.notFound` when the file cannot be read; `.invalidData` listing every problem
    ///   (its `underlying` error is ``ConfigurationProblems``).
    public static func load(file: URL?, environment: [String: String]) throws -> Loaded {
        var problems: [ConfigurationProblem] = []
        var configuration = if let file { try decoded(file, problems: &problems) } else { try defaults(environment: environment) }
        let origins = configuration.applySecrets(environment, folder: file?.deletingLastPathComponent(), problems: &problems)
        configuration.applyOverrides(environment, problems: &problems)
        var loaded = Loaded(configuration: configuration)
        if file == nil, configuration.apiKeyHashes.isEmpty {
            let kept = try ServiceKeyFile.keptAPIKey(in: URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true))
            loaded.configuration.apiKeyHashes = [kept.hash]
            loaded.generatedAPIKey = kept.newKey
            loaded.apiKeyFile = kept.file.path
        }
        // A problem found while reading hides what validation says about the same field.
        problems += loaded.configuration.problems(origins: origins).filter { found in !problems.contains { $0.overlaps(found) } }
        guard problems.isEmpty else { throw invalid(problems, in: file) }
        return loaded
    }

    /// The file decoded with every problem logged (a file that is not JSON at all throws at once).
    private static func decoded(_ file: URL, problems: inout [ConfigurationProblem]) throws -> ServiceConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw PhotoSourceError(.notFound, "The configuration file \(file.path) cannot be read; check the path after --config.", underlying: error)
        }
        let log = ConfigurationProblemLog()
        let decoder = JSONDecoder()
        decoder.userInfo[ConfigurationProblemLog.userInfoKey] = log
        do {
            let configuration = try decoder.decode(ServiceConfiguration.self, from: data)
            problems += log.problems
            return configuration
        } catch {
            let reason = ((error as? DecodingError).flatMap { error -> String? in
                guard case .dataCorrupted(let context) = error else { return nil }
                return (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
            }) ?? "\(error)"
            throw invalid([ConfigurationProblem(path: "$", message: "is not a JSON object: \(reason)")], in: file)
        }
    }

    /// The no-config default: the default sources, default products, keys kept in the state
    /// folder, orders delivered to one folder under `$XDG_DATA_HOME/photosource/orders`, and the
    /// catalog in development (refreshed every time, http: accepted).
    static func defaults(environment: [String: String]) throws -> ServiceConfiguration {
        let state = stateDirectory(environment: environment)
        let keys = try ServiceKeyFile.loadOrCreate(in: URL(fileURLWithPath: state, isDirectory: true))
        var configuration = ServiceConfiguration(
            sources: defaultSources, apiKeyHashes: [], signingKeys: [keys.signingKey],
            sealingKey: keys.sealingKey, stateDirectory: state,
            destinations: [.folder(root: defaultOrderFolder(environment: environment))])
        // Development: a remote catalog is asked every time, and loopback http: handlers are fine.
        configuration.catalog = CatalogSettings(refreshIntervalSeconds: 0, development: true)
        return configuration
    }

    /// `$PHOTOSOURCE_STATE_DIR`, else `$XDG_STATE_HOME/photosource`, else `~/.local/state/photosource`.
    static func stateDirectory(environment: [String: String]) -> String {
        if let explicit = environment["PHOTOSOURCE_STATE_DIR"], explicit.hasPrefix("/") { return explicit }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/photosource" }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return home + "/.local/state/photosource"
    }

    /// The default `folder` destination's root: `$XDG_DATA_HOME/photosource/orders`, else `~/.local/share/photosource/orders`.
    static func defaultOrderFolder(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/photosource/orders" }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return home + "/.local/share/photosource/orders"
    }
}

extension ConfigurationProblem {
    /// Whether one of the two paths is the other or inside it (`$.webhook` and `$.webhook.url`).
    func overlaps(_ other: ConfigurationProblem) -> Bool {
        func inside(_ path: String, _ outer: String) -> Bool {
            path == outer || path.hasPrefix(outer + ".") || path.hasPrefix(outer + "[") || path.hasPrefix(outer + " ")
        }
        return inside(path, other.path) || inside(other.path, path)
    }
}
