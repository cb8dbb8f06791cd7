import Foundation
import PhotoSourceKit

extension ServiceConfiguration {
    /// The secrets that may come from the environment or from files (``SecretSetting``).
    static let signingKeysSetting = SecretSetting(path: "$.signingKeys", variable: "PHOTOSOURCE_SIGNING_KEYS", isList: true)
    static let sealingKeySetting = SecretSetting(path: "$.sealingKey", variable: "PHOTOSOURCE_SEALING_KEY", isList: false)
    static let apiKeyHashesSetting = SecretSetting(path: "$.apiKeyHashes", variable: "PHOTOSOURCE_API_KEY_HASHES", isList: true)
    static let apiKeySetting = SecretSetting(path: "$.apiKey", variable: "PHOTOSOURCE_API_KEY", isList: false)
    static let databasePasswordSetting = SecretSetting(path: "$.databasePassword", variable: "PHOTOSOURCE_DATABASE_PASSWORD", isList: false)
    static let webhookSecretsSetting = SecretSetting(path: "$.webhook.secrets", variable: "PHOTOSOURCE_WEBHOOK_SECRETS", isList: true)

    /// Fills the secrets from the environment and the files named (relative ones against
    /// `folder`, the configuration file's); returns where each one that did not come from its
    /// own field came from, keyed by the field's path, for naming it in a problem.
    mutating func applySecrets(_ environment: [String: String], folder: URL?, problems: inout [ConfigurationProblem]) -> [String: SecretOrigin] {
        var origins: [String: SecretOrigin] = [:]
        func resolve(_ setting: SecretSetting, hasInline: Bool, file: String?) -> [String]? {
            guard let (values, origin) = setting.resolve(hasInline: hasInline, file: file, folder: folder, environment: environment, problems: &problems) else {
                return nil
            }
            origins[setting.path] = origin
            return values
        }
        // Once read, a value is the field's own: the `…File` fields are cleared.
        if let keys = resolve(Self.signingKeysSetting, hasInline: !signingKeys.isEmpty, file: signingKeysFile) { (signingKeys, signingKeysFile) = (keys, nil) }
        if let key = resolve(Self.sealingKeySetting, hasInline: !sealingKey.isEmpty, file: sealingKeyFile) {
            (sealingKey, sealingKeyFile) = (key.first ?? "", nil)
        }
        if let hashes = resolve(Self.apiKeyHashesSetting, hasInline: !apiKeyHashes.isEmpty, file: apiKeyHashesFile) { (apiKeyHashes, apiKeyHashesFile) = (hashes, nil) }
        if let keys = resolve(Self.apiKeySetting, hasInline: false, file: nil) { apiKeyHashes += keys.map(SecretHash.apiKeyHash(of:)) }
        if let password = resolve(Self.databasePasswordSetting, hasInline: databasePassword != nil, file: databasePasswordFile) {
            (databasePassword, databasePasswordFile) = (password.first, nil)
        }
        let url = environment["PHOTOSOURCE_WEBHOOK_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let secrets = resolve(Self.webhookSecretsSetting, hasInline: webhook?.secrets.isEmpty == false, file: webhook?.secretsFile)
        if url != nil || secrets != nil {
            var settings = webhook ?? WebhookSettings(url: "", secrets: [])
            if let url { settings.url = url }
            if let secrets { (settings.secrets, settings.secretsFile) = (secrets, nil) }
            webhook = settings
        }
        for index in destinations.indices {
            destinations[index] = destinations[index].withSecrets(
                at: "$.destinations[\(index)]", environment: environment, folder: folder, problems: &problems)
        }
        return origins
    }

    /// Applies the environment's other overrides (host, port, public URL, state folder, request
    /// limit, allowed origins, the picker's shop origins, device sign-in, the `PHOTOSOURCE_TRAFFIC_*` limits); a value that cannot be used is a problem named
    /// by its variable.
    mutating func applyOverrides(_ environment: [String: String], problems: inout [ConfigurationProblem]) {
        func list(_ name: String) -> [String]? {
            environment[name].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        }
        func number(_ name: String) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text) else {
                problems.append(ConfigurationProblem(path: name, message: "\"\(text)\" is not a whole number."))
                return nil
            }
            return value
        }
        if let host = environment["PHOTOSOURCE_HOST"], !host.isEmpty { self.host = host }
        if let port = number("PHOTOSOURCE_PORT") { self.port = port }
        if let limit = number("PHOTOSOURCE_REQUESTS_PER_MINUTE") { limits.requestsPerMinute = limit }
        if let url = environment["PHOTOSOURCE_PUBLIC_URL"], !url.isEmpty { publicBaseURL = url }
        if let database = environment["PHOTOSOURCE_DATABASE_URL"], !database.isEmpty { self.database = database }
        if let state = environment["PHOTOSOURCE_STATE_DIR"], state.hasPrefix("/") { stateDirectory = state }
        if let origins = list("PHOTOSOURCE_ALLOWED_ORIGINS") { allowedOrigins = origins }
        if let origins = list("PHOTOSOURCE_PICKER_ORIGINS") { picker.shopOrigins = origins }
        traffic.applyEnvironment(environment, problems: &problems)
        for id in list("PHOTOSOURCE_DEVICE_SIGN_IN") ?? [] {
            if let problem = Self.signInSourceProblem(id, sources: sources) {
                problems.append(ConfigurationProblem(path: "PHOTOSOURCE_DEVICE_SIGN_IN", message: problem))
            } else {
                signInFlows[id] = .deviceCode
            }
        }
    }
}
