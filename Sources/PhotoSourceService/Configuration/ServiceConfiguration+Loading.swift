public import Foundation
import PhotoSourceKit

extension ServiceConfiguration {
    /// The result of loading: the configuration, and an API key generated for this run (print it once).
    public struct Loaded: Sendable {
        /// The configuration with every override applied.
        public var configuration: ServiceConfiguration
        /// The API key made up because none was configured, to show the operator once; else `nil`.
        public var generatedAPIKey: String?
    }

    /// Reads `file` (the no-config default when `nil`) and applies the environment overrides:
    /// `PHOTOSOURCE_HOST`, `PHOTOSOURCE_PORT`, `PHOTOSOURCE_PUBLIC_URL`, `PHOTOSOURCE_STATE_DIR`,
    /// `PHOTOSOURCE_REQUESTS_PER_MINUTE`, `PHOTOSOURCE_DEVICE_SIGN_IN` (comma-separated source ids
    /// that sign in with the device flow), `PHOTOSOURCE_API_KEY` (its hash is added), `PHOTOSOURCE_SIGNING_KEYS` (comma-separated,
    /// replacing the file's), `PHOTOSOURCE_SEALING_KEY`, `PHOTOSOURCE_ALLOWED_ORIGINS` (comma-separated), and
    /// `PHOTOSOURCE_WEBHOOK_URL` / `PHOTOSOURCE_WEBHOOK_SECRETS` (see ``WebhookSettings``).
    ///
    /// Without a file, the service runs on the demo library and an in-process demo cloud, keeps
    /// its state under `$XDG_STATE_HOME/photosource`, and keeps generated signing and sealing keys
    /// in `service-keys.json` there (mode 0600), so URLs and sign-ins survive a restart.
    ///
    /// - Throws: `.invalidData` naming the field when the file or an override is unusable.
    public static func load(file: URL?, environment: [String: String]) throws -> Loaded {
        var configuration: ServiceConfiguration
        if let file {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw PhotoSourceError(.notFound, "The configuration file \(file.path) cannot be read; check the path after --config.", underlying: error)
            }
            do {
                configuration = try JSONDecoder().decode(ServiceConfiguration.self, from: data)
            } catch {
                throw PhotoSourceError(.invalidData, "The configuration file \(file.path) is not valid: \(Self.describe(error))", underlying: error)
            }
        } else {
            configuration = try defaults(environment: environment)
        }
        let generated = try configuration.applyOverrides(environment, generatingKeyWhenMissing: file == nil)
        try configuration.validate()
        return Loaded(configuration: configuration, generatedAPIKey: generated)
    }

    /// The no-config default: demo sources, default products, keys kept in the state folder,
    /// orders delivered to one folder under `$XDG_DATA_HOME/photosource/orders`.
    static func defaults(environment: [String: String]) throws -> ServiceConfiguration {
        let state = stateDirectory(environment: environment)
        let keys = try ServiceKeyFile.loadOrCreate(in: URL(fileURLWithPath: state, isDirectory: true))
        return ServiceConfiguration(
            sources: ["demo", "demo-cloud"], apiKeyHashes: [], signingKeys: [keys.signingKey],
            sealingKey: keys.sealingKey, stateDirectory: state,
            destinations: [.folder(root: defaultOrderFolder(environment: environment))])
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

    /// Applies the environment; returns an API key it generated when none is configured and
    /// `generatingKeyWhenMissing` is set.
    mutating func applyOverrides(_ environment: [String: String], generatingKeyWhenMissing: Bool) throws -> String? {
        func list(_ name: String) -> [String]? {
            environment[name].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        }
        if let host = environment["PHOTOSOURCE_HOST"], !host.isEmpty { self.host = host }
        if let text = environment["PHOTOSOURCE_PORT"] {
            guard let port = Int(text) else { throw PhotoSourceError(.invalidData, "PHOTOSOURCE_PORT=\(text) is not a port number.") }
            self.port = port
        }
        if let text = environment["PHOTOSOURCE_REQUESTS_PER_MINUTE"] {
            guard let limit = Int(text) else { throw PhotoSourceError(.invalidData, "PHOTOSOURCE_REQUESTS_PER_MINUTE=\(text) is not a whole number.") }
            limits.requestsPerMinute = limit
        }
        if let url = environment["PHOTOSOURCE_PUBLIC_URL"], !url.isEmpty { publicBaseURL = url }
        if let state = environment["PHOTOSOURCE_STATE_DIR"], state.hasPrefix("/") { stateDirectory = state }
        if let keys = list("PHOTOSOURCE_SIGNING_KEYS"), !keys.isEmpty { signingKeys = keys }
        if let key = environment["PHOTOSOURCE_SEALING_KEY"], !key.isEmpty { sealingKey = key }
        if let origins = list("PHOTOSOURCE_ALLOWED_ORIGINS") { allowedOrigins = origins }
        for id in list("PHOTOSOURCE_DEVICE_SIGN_IN") ?? [] { signInFlows[id] = .deviceCode }
        applyWebhookOverrides(environment)
        if let key = environment["PHOTOSOURCE_API_KEY"], !key.isEmpty {
            apiKeyHashes.append(SecretHash.apiKeyHash(of: key))
            return nil
        }
        guard apiKeyHashes.isEmpty, generatingKeyWhenMissing else { return nil }
        let key = "psk_" + SecretHash.randomToken()
        apiKeyHashes.append(SecretHash.apiKeyHash(of: key))
        return key
    }

    /// Checks what a typo would otherwise turn into a silent hole.
    func validate() throws {
        guard !apiKeyHashes.isEmpty else {
            throw PhotoSourceError(.invalidData, "No API key is configured; add apiKeyHashes to the file or set PHOTOSOURCE_API_KEY.")
        }
        for hash in apiKeyHashes where SecretHash.parseAPIKeyHash(hash) == nil {
            throw PhotoSourceError(.invalidData, "apiKeyHashes: \"\(hash.prefix(12))…\" is not sha256: followed by 64 hex digits.")
        }
        guard !signingKeys.isEmpty else { throw PhotoSourceError(.invalidData, "signingKeys is empty; give at least one base64 key of 32 bytes or more.") }
        for (index, key) in signingKeys.enumerated() where (Data(base64Encoded: key)?.count ?? 0) < 32 {
            throw PhotoSourceError(.invalidData, "signingKeys[\(index)] is not base64 of at least 32 bytes.")
        }
        guard Data(base64Encoded: sealingKey)?.count == 32 else {
            throw PhotoSourceError(.invalidData, "sealingKey is not base64 of exactly 32 bytes.")
        }
        if allowedOrigins.contains("*") {
            throw PhotoSourceError(.invalidData, "allowedOrigins may not contain \"*\"; list the shop's origins, such as https://shop.example.")
        }
        guard (0...65_535).contains(port) else { throw PhotoSourceError(.invalidData, "port must be between 0 and 65535; \(port) is not.") }
        guard limits.maximumBodyBytes > 0, limits.requestsPerMinute > 0, limits.sessionLifetimeSeconds > 0 else {
            throw PhotoSourceError(.invalidData, "limits: maximumBodyBytes, requestsPerMinute and sessionLifetimeSeconds must be positive.")
        }
        guard limits.purgeIntervalSeconds >= 1, limits.purgeIntervalSeconds.isFinite else {
            throw PhotoSourceError(.invalidData, "limits: purgeIntervalSeconds must be at least 1 second; \(limits.purgeIntervalSeconds) is not.")
        }
        guard !products.isEmpty, Set(products.map(\.id)).count == products.count else {
            throw PhotoSourceError(.invalidData, "products must be a non-empty list with distinct ids.")
        }
        let cloudIDs = sources.enumerated().compactMap { SourceCatalog.signInSourceID(ofEntry: $1, at: $0) }
        for id in signInFlows.keys.sorted() where !cloudIDs.contains(id) {
            let known = cloudIDs.isEmpty ? "there is none; add a cloud:URL source" : "they are " + cloudIDs.joined(separator: ", ")
            throw PhotoSourceError(.invalidData, "signInFlows: \"\(id)\" is not a cloud source here (\(known)).")
        }
        for product in products where product.width <= 0 || product.height <= 0 || product.minimumDPI <= 0 {
            throw PhotoSourceError(.invalidData, "products: \(product.id) needs a positive width, height and minimumDPI.")
        }
        try validateOrders()
        try traffic.validate()
        _ = try webhook?.sender()
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the field \"\(key.stringValue)\" is missing."
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            "at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: "\(error)"
        }
    }
}
