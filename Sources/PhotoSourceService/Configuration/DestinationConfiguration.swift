import Foundation
public import PhotoNetworking
import PhotoSourceKit

/// One entry of the configuration's `destinations` list: an id, a kind, an enabled flag and the
/// kind's settings (PhotoSubmitter's model: several accounts per kind, each switched on or off).
///
/// This file decodes the `httpUpload` and `printLab` kinds; any other kind (`folder`) is kept as
/// ``Settings/other(kind:)`` for the order pipeline to read itself. See docs/service-config.md.
public struct DestinationConfiguration: Sendable, Hashable {
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
    public static func makeDestinations(_ entries: [DestinationConfiguration], client: HTTPClient = .shared) throws -> [any OrderDestination] {
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
    public static func callbackVerifiers(_ entries: [DestinationConfiguration]) throws -> [String: PrintLabCallbackVerifier] {
        try checkUniqueIDs(entries)
        var verifiers: [String: PrintLabCallbackVerifier] = [:]
        for entry in entries {
            guard case .printLab(_, let secrets) = entry.settings else { continue }
            do {
                verifiers[entry.id] = try PrintLabCallbackVerifier(secrets: secrets)
            } catch let error as PhotoSourceError {
                throw PhotoSourceError(.invalidData, "Destination \(entry.id): callbackSecrets: \(error.message)")
            }
        }
        return verifiers
    }

    private static func checkUniqueIDs(_ entries: [DestinationConfiguration]) throws {
        var seen: Set<String> = []
        for entry in entries where !seen.insert(entry.id).inserted {
            throw PhotoSourceError(.invalidData, "Two destinations are called \"\(entry.id)\"; every destination needs its own id.")
        }
    }
}
