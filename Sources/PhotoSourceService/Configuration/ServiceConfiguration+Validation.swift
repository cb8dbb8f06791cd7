import Foundation
import PhotoSourceKit

extension ServiceConfiguration {
    /// Checks what a typo would otherwise turn into a silent hole; throws `.invalidData` listing
    /// every problem (``ConfigurationProblems`` is its `underlying` error).
    func validate() throws {
        let problems = problems()
        guard problems.isEmpty else { throw Self.invalid(problems, in: nil) }
    }

    /// Every problem of the configuration, each at its JSON path; a secret that came from the
    /// environment or a file is named by its ``SecretOrigin`` in `origins` (keyed by its path).
    func problems(origins: [String: SecretOrigin] = [:]) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        func add(_ path: String, _ message: String) { problems.append(ConfigurationProblem(path: path, message: message)) }
        func origin(_ path: String) -> SecretOrigin { origins[path] ?? SecretOrigin(path: path) }

        if apiKeyHashes.isEmpty {
            add("$.apiKeyHashes", """
                no API key is configured; put the hash of one here ("sha256:" and the hex of echo -n KEY | sha256sum), \
                in apiKeyHashesFile, or set PHOTOSOURCE_API_KEY (photosource serve --print-config makes one).
                """)
        }
        for (index, hash) in apiKeyHashes.enumerated() where SecretHash.parseAPIKeyHash(hash) == nil {
            add(origin("$.apiKeyHashes").element(index), "\"\(hash.prefix(12))…\" is not sha256: followed by 64 hex digits.")
        }
        if signingKeys.isEmpty {
            add(origin("$.signingKeys").path, """
                is missing; give at least one base64 key of 32 bytes or more here, in signingKeysFile, or in \
                PHOTOSOURCE_SIGNING_KEYS (photosource serve --print-config makes them).
                """)
        }
        for (index, key) in signingKeys.enumerated() where (Data(base64Encoded: key)?.count ?? 0) < 32 {
            add(origin("$.signingKeys").element(index), "is not base64 of at least 32 bytes (openssl rand -base64 32 makes one).")
        }
        if sealingKey.isEmpty {
            add(origin("$.sealingKey").path, """
                is missing; give a base64 key of 32 bytes here, in sealingKeyFile, or in PHOTOSOURCE_SEALING_KEY \
                (openssl rand -base64 32, or photosource serve --print-config, makes one).
                """)
        } else if Data(base64Encoded: sealingKey)?.count != 32 {
            add(origin("$.sealingKey").path, "is not base64 of exactly 32 bytes (openssl rand -base64 32 makes one).")
        }
        for (index, allowed) in allowedOrigins.enumerated() where allowed == "*" {
            add("$.allowedOrigins[\(index)]", "may not be \"*\"; list the shop's origins, such as https://shop.example.")
        }
        if !(0...65_535).contains(port) { add("$.port", "must be between 0 and 65535; \(port) is not.") }
        if let shared = sharedDirectory, !shared.hasPrefix("/") {
            add("$.sharedDirectory", "\"\(shared)\" is not an absolute path; write the shared mount's path, such as /mnt/photosource.")
        }
        problems += limitProblems() + traffic.problems() + picker.problems() + uploads.problems() + productProblems() + sourceProblems() + signInFlowProblems() + orderProblems()
        problems += catalog.problems()
        problems += handoffs.problems()
        problems += webhook?.problems(secretsOrigin: origin("$.webhook.secrets")) ?? []
        if let database, let problem = PostgresLocation.problem(database) { add("$.database", problem) }
        return problems
    }

    private func limitProblems() -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        for (name, value) in [
            ("maximumBodyBytes", limits.maximumBodyBytes), ("requestsPerMinute", limits.requestsPerMinute),
            ("sessionLifetimeSeconds", limits.sessionLifetimeSeconds),
        ] where value <= 0 {
            problems.append(ConfigurationProblem(path: "$.limits." + name, message: "must be more than 0; \(value) is not."))
        }
        if !(limits.purgeIntervalSeconds >= 1 && limits.purgeIntervalSeconds.isFinite) {
            problems.append(ConfigurationProblem(
                path: "$.limits.purgeIntervalSeconds", message: "must be at least 1 second; \(limits.purgeIntervalSeconds) is not."))
        }
        return problems
    }

    private func productProblems() -> [ConfigurationProblem] {
        guard !products.isEmpty else {
            return [ConfigurationProblem(path: "$.products", message: "is empty; list at least one product, or leave the field out for the defaults.")]
        }
        var problems: [ConfigurationProblem] = []
        var seen: Set<String> = []
        for (index, product) in products.enumerated() {
            if !seen.insert(product.id).inserted {
                problems.append(ConfigurationProblem(path: "$.products[\(index)].id", message: "\"\(product.id)\" is used by an earlier product; ids must be distinct."))
            }
            for (name, value) in [("width", product.width), ("height", product.height), ("minimumDPI", product.minimumDPI)] where !(value > 0) {
                problems.append(ConfigurationProblem(path: "$.products[\(index)].\(name)", message: "must be more than 0; \(value) is not."))
            }
        }
        return problems
    }

    private func sourceProblems() -> [ConfigurationProblem] {
        sources.enumerated().compactMap { index, entry in
            let path = "$.sources[\(index)]"
            if entry == "demo" || entry == "demo-cloud" || entry == "uploads" || entry == "received" { return nil }
            if entry.hasPrefix("local:") || entry.hasPrefix("urls:") {
                let rest = entry.drop { $0 != ":" }.dropFirst()
                return rest.isEmpty ? ConfigurationProblem(path: path, message: "\"\(entry)\" names no path; write local:/srv/photos or urls:/srv/list.txt.") : nil
            }
            if entry.hasPrefix("cloud:") {
                let url = URL(string: String(entry.dropFirst(6)))
                let valid = ["http", "https"].contains(url?.scheme?.lowercased() ?? "") && url?.host != nil
                return valid ? nil : ConfigurationProblem(path: path, message: "\"\(entry)\" is not a cloud address; write cloud:https://photos.example.")
            }
            return ConfigurationProblem(path: path, message: "\"\(entry)\" is not a source; write demo, demo-cloud, uploads, received, local:PATH, cloud:URL or urls:FILE.")
        }
    }

    private func signInFlowProblems() -> [ConfigurationProblem] {
        signInFlows.keys.sorted().compactMap { id in
            Self.signInSourceProblem(id, sources: sources).map { ConfigurationProblem(path: ConfigurationProblemLog.path("$.signInFlows", [AnyConfigurationKey(stringValue: id)]), message: $0) }
        }
    }

    /// Why `id` is not a source customers sign in to among `sources`, or `nil` when it is one.
    static func signInSourceProblem(_ id: String, sources: [String]) -> String? {
        let cloudIDs = sources.enumerated().compactMap { SourceCatalog.signInSourceID(ofEntry: $1, at: $0) }
        guard !cloudIDs.contains(id) else { return nil }
        let known = cloudIDs.isEmpty ? "there is none" : "they are " + cloudIDs.joined(separator: ", ")
        let advice = id == "demo-cloud" ? "; add \"demo-cloud\" to $.sources" : cloudIDs.isEmpty ? "; add a cloud:URL source" : ""
        return "\"\(id)\" is not a cloud source here (\(known))\(advice)."
    }

    /// The `.invalidData` error listing `problems` (its `underlying` error is ``ConfigurationProblems``).
    static func invalid(_ problems: [ConfigurationProblem], in file: URL?) -> PhotoSourceError {
        let subject = file.map { "The configuration file \($0.path)" } ?? "The configuration"
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return PhotoSourceError(.invalidData, "\(subject) is not valid (\(count)): \(ConfigurationProblems(problems))", underlying: ConfigurationProblems(problems))
    }
}
