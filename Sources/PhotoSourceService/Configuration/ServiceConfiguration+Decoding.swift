import Foundation

extension ServiceConfiguration {
    private enum Keys: String, CodingKey {
        case host, port, publicBaseURL, sources, signInFlows, apiKeyHashes, signingKeys, sealingKey, allowedOrigins, allowedSourceOrigins
        case limits, products, stateDirectory, destinations, orders, webhook, traffic
    }

    /// Decodes a configuration file; every field but `apiKeyHashes`, `signingKeys` and `sealingKey` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let environment = ProcessInfo.processInfo.environment
        self.init(
            host: try container.decodeIfPresent(String.self, forKey: .host) ?? "127.0.0.1",
            port: try container.decodeIfPresent(Int.self, forKey: .port) ?? 8080,
            publicBaseURL: try container.decodeIfPresent(String.self, forKey: .publicBaseURL),
            sources: try container.decodeIfPresent([String].self, forKey: .sources) ?? ["demo"],
            signInFlows: try container.decodeIfPresent([String: CloudSignIn.Flow].self, forKey: .signInFlows) ?? [:],
            apiKeyHashes: try container.decodeIfPresent([String].self, forKey: .apiKeyHashes) ?? [],
            signingKeys: try container.decode([String].self, forKey: .signingKeys),
            sealingKey: try container.decode(String.self, forKey: .sealingKey),
            allowedOrigins: try container.decodeIfPresent([String].self, forKey: .allowedOrigins) ?? [],
            allowedSourceOrigins: try container.decodeIfPresent([String].self, forKey: .allowedSourceOrigins) ?? [],
            limits: try container.decodeIfPresent(Limits.self, forKey: .limits) ?? Limits(),
            products: try container.decodeIfPresent([Product].self, forKey: .products) ?? Product.defaults,
            stateDirectory: try container.decodeIfPresent(String.self, forKey: .stateDirectory)
                ?? Self.stateDirectory(environment: environment),
            destinations: try container.decodeIfPresent([DestinationConfiguration].self, forKey: .destinations),
            orders: try container.decodeIfPresent(OrderSettings.self, forKey: .orders) ?? OrderSettings(),
            webhook: try container.decodeIfPresent(WebhookSettings.self, forKey: .webhook))
        traffic = try container.decodeIfPresent(TrafficLimits.self, forKey: .traffic) ?? TrafficLimits()
    }

    /// Encodes every field (for writing a starting file).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(host, forKey: .host)
        try container.encode(port, forKey: .port)
        try container.encodeIfPresent(publicBaseURL, forKey: .publicBaseURL)
        try container.encode(sources, forKey: .sources)
        try container.encode(signInFlows, forKey: .signInFlows)
        try container.encode(apiKeyHashes, forKey: .apiKeyHashes)
        try container.encode(signingKeys, forKey: .signingKeys)
        try container.encode(sealingKey, forKey: .sealingKey)
        try container.encode(allowedOrigins, forKey: .allowedOrigins)
        try container.encode(allowedSourceOrigins, forKey: .allowedSourceOrigins)
        try container.encode(limits, forKey: .limits)
        try container.encode(products, forKey: .products)
        try container.encode(stateDirectory, forKey: .stateDirectory)
        try container.encode(destinations, forKey: .destinations)
        try container.encode(orders, forKey: .orders)
        try container.encodeIfPresent(webhook, forKey: .webhook)
        try container.encode(traffic, forKey: .traffic)
    }
}

extension ServiceConfiguration.Limits {
    private enum Keys: String, CodingKey {
        case maximumBodyBytes, requestsPerMinute, sessionLifetimeSeconds, thumbnailURLLifetimeSeconds
        case originalURLLifetimeSeconds, sourceTimeoutSeconds, originalsSpoolBytes, purgeIntervalSeconds
    }

    /// Decodes limits; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let standard = Self()
        self.init(
            maximumBodyBytes: try container.decodeIfPresent(Int.self, forKey: .maximumBodyBytes) ?? standard.maximumBodyBytes,
            requestsPerMinute: try container.decodeIfPresent(Int.self, forKey: .requestsPerMinute) ?? standard.requestsPerMinute,
            sessionLifetimeSeconds: try container.decodeIfPresent(Int.self, forKey: .sessionLifetimeSeconds) ?? standard.sessionLifetimeSeconds,
            thumbnailURLLifetimeSeconds: try container.decodeIfPresent(Int.self, forKey: .thumbnailURLLifetimeSeconds)
                ?? standard.thumbnailURLLifetimeSeconds,
            originalURLLifetimeSeconds: try container.decodeIfPresent(Int.self, forKey: .originalURLLifetimeSeconds)
                ?? standard.originalURLLifetimeSeconds,
            sourceTimeoutSeconds: try container.decodeIfPresent(Double.self, forKey: .sourceTimeoutSeconds) ?? standard.sourceTimeoutSeconds,
            originalsSpoolBytes: try container.decodeIfPresent(Int.self, forKey: .originalsSpoolBytes) ?? standard.originalsSpoolBytes,
            purgeIntervalSeconds: try container.decodeIfPresent(Double.self, forKey: .purgeIntervalSeconds) ?? standard.purgeIntervalSeconds)
    }
}
