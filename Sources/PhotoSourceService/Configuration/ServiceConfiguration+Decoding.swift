import Foundation

extension ServiceConfiguration {
    private enum Keys: String, CodingKey, CaseIterable {
        case host, port, publicBaseURL, sources, signInFlows, apiKeyHashes, apiKeyHashesFile, signingKeys, signingKeysFile
        case sealingKey, sealingKeyFile, allowedOrigins, allowedSourceOrigins, limits, products, stateDirectory, destinations, orders, webhook, traffic, picker, uploads
        case database, databasePassword, databasePasswordFile
        case sharedDirectory, catalog
        case handoffs
    }

    /// Decodes a configuration file; every field may be left out. The secrets (`apiKeyHashes`,
    /// `signingKeys`, `sealingKey`) may come from the environment or from files instead, so a
    /// missing one is reported by ``load(file:environment:)`` after those are read, not here.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        self.init(
            host: try fields.value(.host, or: "127.0.0.1"),
            port: try fields.value(.port, or: 8080),
            publicBaseURL: try fields.optional(.publicBaseURL),
            sources: try fields.list(.sources) ?? Self.defaultSources,
            signInFlows: try fields.value(.signInFlows, or: [:]),
            apiKeyHashes: try fields.list(.apiKeyHashes) ?? [],
            signingKeys: try fields.list(.signingKeys) ?? [],
            sealingKey: try fields.value(.sealingKey, or: ""),
            allowedOrigins: try fields.list(.allowedOrigins) ?? [],
            allowedSourceOrigins: try fields.list(.allowedSourceOrigins) ?? [],
            limits: try fields.value(.limits, or: Limits()),
            products: try fields.list(.products) ?? Product.defaults,
            stateDirectory: try fields.optional(.stateDirectory) ?? Self.stateDirectory(environment: ProcessInfo.processInfo.environment),
            destinations: try fields.list(.destinations),
            orders: try fields.value(.orders, or: OrderSettings()),
            webhook: try fields.optional(.webhook))
        apiKeyHashesFile = try fields.optional(.apiKeyHashesFile)
        signingKeysFile = try fields.optional(.signingKeysFile)
        sealingKeyFile = try fields.optional(.sealingKeyFile)
        traffic = try fields.value(.traffic, or: TrafficLimits())
        picker = try fields.value(.picker, or: PickerSettings())
        uploads = try fields.value(.uploads, or: UploadSettings())
        (database, databasePassword, databasePasswordFile) = (try fields.optional(.database), try fields.optional(.databasePassword), try fields.optional(.databasePasswordFile))
        sharedDirectory = try fields.optional(.sharedDirectory)
        catalog = try fields.value(.catalog, or: CatalogSettings())
        handoffs = try fields.value(.handoffs, or: HandoffSettings())
    }

    /// Encodes every field, `null` for `publicBaseURL` and `webhook` when unset (so a starter file
    /// shows them); the `…File` fields and `sharedDirectory` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(host, forKey: .host)
        try container.encode(port, forKey: .port)
        try container.encode(publicBaseURL, forKey: .publicBaseURL)
        try container.encode(sources, forKey: .sources)
        try container.encode(signInFlows, forKey: .signInFlows)
        try container.encode(apiKeyHashes, forKey: .apiKeyHashes)
        try container.encodeIfPresent(apiKeyHashesFile, forKey: .apiKeyHashesFile)
        try container.encode(signingKeys, forKey: .signingKeys)
        try container.encodeIfPresent(signingKeysFile, forKey: .signingKeysFile)
        try container.encode(sealingKey, forKey: .sealingKey)
        try container.encodeIfPresent(sealingKeyFile, forKey: .sealingKeyFile)
        try container.encode(allowedOrigins, forKey: .allowedOrigins)
        try container.encode(allowedSourceOrigins, forKey: .allowedSourceOrigins)
        try container.encode(limits, forKey: .limits)
        try container.encode(products, forKey: .products)
        try container.encode(stateDirectory, forKey: .stateDirectory)
        try container.encode(destinations, forKey: .destinations)
        try container.encode(orders, forKey: .orders)
        try container.encode(webhook, forKey: .webhook)
        try container.encode(traffic, forKey: .traffic)
        try container.encode(picker, forKey: .picker)
        try container.encode(uploads, forKey: .uploads)
        try container.encode(handoffs, forKey: .handoffs)
        try container.encodeIfPresent(database, forKey: .database)
        try container.encodeIfPresent(databasePassword, forKey: .databasePassword)
        try container.encodeIfPresent(databasePasswordFile, forKey: .databasePasswordFile)
        try container.encodeIfPresent(sharedDirectory, forKey: .sharedDirectory)
        try container.encode(catalog, forKey: .catalog)
    }
}

extension ServiceConfiguration.Limits {
    private enum Keys: String, CodingKey, CaseIterable {
        case maximumBodyBytes, requestsPerMinute, sessionLifetimeSeconds, thumbnailURLLifetimeSeconds
        case originalURLLifetimeSeconds, sourceTimeoutSeconds, originalsSpoolBytes, purgeIntervalSeconds
    }

    /// Decodes limits; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        let standard = Self()
        self.init(
            maximumBodyBytes: try fields.value(.maximumBodyBytes, or: standard.maximumBodyBytes),
            requestsPerMinute: try fields.value(.requestsPerMinute, or: standard.requestsPerMinute),
            sessionLifetimeSeconds: try fields.value(.sessionLifetimeSeconds, or: standard.sessionLifetimeSeconds),
            thumbnailURLLifetimeSeconds: try fields.value(.thumbnailURLLifetimeSeconds, or: standard.thumbnailURLLifetimeSeconds),
            originalURLLifetimeSeconds: try fields.value(.originalURLLifetimeSeconds, or: standard.originalURLLifetimeSeconds),
            sourceTimeoutSeconds: try fields.value(.sourceTimeoutSeconds, or: standard.sourceTimeoutSeconds),
            originalsSpoolBytes: try fields.value(.originalsSpoolBytes, or: standard.originalsSpoolBytes),
            purgeIntervalSeconds: try fields.value(.purgeIntervalSeconds, or: standard.purgeIntervalSeconds))
    }
}
