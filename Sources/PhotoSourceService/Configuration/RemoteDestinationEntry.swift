import Foundation
public import PhotoNetworking
import PhotoSourceKit

/// One entry of the configuration's `destinations` list: an id, a kind, an enabled flag and the
/// kind's settings (PhotoSubmitter's model: several accounts per kind, each switched on or off).
///
/// This file decodes the `httpUpload` and `printLab` kinds; any other kind (`folder`) is kept as
/// ``Settings/other(kind:)`` for the order pipeline to read itself. See docs/service-config.md.
public struct RemoteDestinationEntry: Sendable, Hashable {
    /// A kind's settings.
    public enum Settings: Sendable, Hashable {
        /// `multipart/form-data` uploads.
        case httpUpload(HTTPUploadDestination.Configuration)
        /// A print lab API, with the secrets its callbacks are signed with (the first is current).
        case printLab(PrintLabDestination.Configuration, callbackSecrets: [String])
        /// A kind this file does not decode (`folder`).
        case other(kind: String)
    }

    /// The id, unique in the configuration.
    public var id: String
    /// `httpUpload`, `printLab`, `folder`…
    public var kind: String
    /// Whether orders go here by default.
    public var enabled: Bool
    /// The kind's settings.
    public var settings: Settings

    /// Creates an entry.
    public init(id: String, kind: String, enabled: Bool = true, settings: Settings) {
        self.id = id
        self.kind = kind
        self.enabled = enabled
        self.settings = settings
    }

    /// The enabled `httpUpload` and `printLab` destinations of `entries`, built with `client`.
    /// Throws `.invalidData` naming the entry for a duplicate id or an unusable URL.
    public static func makeDestinations(_ entries: [RemoteDestinationEntry], client: HTTPClient = .shared) throws -> [any OrderDestination] {
        try checkUniqueIDs(entries)
        return try entries.filter(\.enabled).compactMap { entry -> (any OrderDestination)? in
            switch entry.settings {
            case .httpUpload(let configuration): return try HTTPUploadDestination(configuration, client: client)
            case .printLab(let configuration, _): return try PrintLabDestination(configuration, client: client)
            case .other: return nil
            }
        }
    }

    /// The callback verifier of every `printLab` entry, enabled or not (a disabled lab may still
    /// report on orders it already has), keyed by id, for ``PrintLabCallbackController``.
    public static func callbackVerifiers(_ entries: [RemoteDestinationEntry]) throws -> [String: PrintLabCallbackVerifier] {
        try checkUniqueIDs(entries)
        var verifiers: [String: PrintLabCallbackVerifier] = [:]
        for entry in entries {
            guard case .printLab(let configuration, let secrets) = entry.settings else { continue }
            do {
                verifiers[entry.id] = try PrintLabCallbackVerifier(secrets: secrets, format: configuration.format)
            } catch let error as PhotoSourceError {
                throw PhotoSourceError(.invalidData, "Destination \(entry.id): callbackSecrets: \(error.message)")
            }
        }
        return verifiers
    }

    /// The entry of `configuration` read as this file's kinds (`httpUpload`, `printLab`).
    ///
    /// - Throws: `.invalidData` naming the destination when its settings are wrong.
    public static func decoded(from configuration: DestinationConfiguration) throws -> RemoteDestinationEntry {
        do {
            return try JSONDecoder().decode(RemoteDestinationEntry.self, from: try JSONEncoder().encode(configuration.settings))
        } catch let DecodingError.dataCorrupted(context) {
            throw PhotoSourceError(.invalidData, "destinations: \"\(configuration.id)\" (\(configuration.kind)): \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, _) {
            throw PhotoSourceError(.invalidData, "destinations: \"\(configuration.id)\" (\(configuration.kind)) needs \"\(key.stringValue)\".")
        } catch {
            throw PhotoSourceError(.invalidData, "destinations: \"\(configuration.id)\" (\(configuration.kind)) is not valid: \(error)")
        }
    }

    /// The ``OrderDestinationKinds`` factory of `httpUpload` and `printLab` entries.
    @Sendable public static func makeDestination(_ configuration: DestinationConfiguration, _ context: OrderDestinationContext) throws -> any OrderDestination {
        guard let built = try makeDestinations([decoded(from: configuration)]).first else {
            throw PhotoSourceError(.invalidData, "destinations: \"\(configuration.id)\" has kind \"\(configuration.kind)\", which is neither httpUpload nor printLab.")
        }
        return built
    }

    /// The callback verifiers of the configuration's `printLab` entries, by destination id.
    public static func callbackVerifiers(_ configuration: ServiceConfiguration) throws -> [String: PrintLabCallbackVerifier] {
        try callbackVerifiers(configuration.destinations.filter { $0.kind == "printLab" }.map(decoded(from:)))
    }

    private static func checkUniqueIDs(_ entries: [RemoteDestinationEntry]) throws {
        var seen: Set<String> = []
        for entry in entries where !seen.insert(entry.id).inserted {
            throw PhotoSourceError(.invalidData, "Two destinations are called \"\(entry.id)\"; every destination needs its own id.")
        }
    }
}
