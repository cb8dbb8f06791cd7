import Foundation
import PhotoSourceKit

/// One destination account in the configuration (PhotoSubmitter's model: several accounts per
/// kind, each with an enabled flag): `{"id": "shop-folder", "kind": "folder", "enabled": true, "root": "/srv/orders"}`.
///
/// Every field besides `id`, `kind` and `enabled` belongs to the kind, which reads them with
/// ``settings(as:)``.
public struct DestinationConfiguration: Sendable, Hashable, Codable {
    /// The id orders name in `destinations` (unique in the configuration).
    public var id: String
    /// The kind (`folder`, `httpUpload`, `printLab`): which ``OrderDestinationKinds`` entry builds it.
    public var kind: String
    /// Whether orders may go there; disabled accounts are kept but skipped.
    public var enabled: Bool
    /// The whole entry as written, for the kind's own fields.
    public var settings: JSONValue

    private enum Keys: String, CodingKey, CaseIterable { case id, kind, enabled }

    /// Creates an entry; `settings` holds the kind's fields (an object).
    public init(id: String, kind: String, enabled: Bool = true, settings: [String: JSONValue] = [:]) {
        self.id = id
        self.kind = kind
        self.enabled = enabled
        var all = settings
        all["id"] = .string(id)
        all["kind"] = .string(kind)
        all["enabled"] = .bool(enabled)
        self.settings = .object(all)
    }

    /// A `folder` destination writing under `root`.
    public static func folder(id: String = "folder", root: String, enabled: Bool = true) -> DestinationConfiguration {
        DestinationConfiguration(id: id, kind: "folder", enabled: enabled, settings: ["root": .string(root)])
    }

    /// Decodes an entry; `enabled` defaults to `true`.
    public init(from decoder: any Decoder) throws {
        // The kind's own fields are checked by the kind (ServiceConfiguration's validation).
        let fields = try ConfigurationFields<Keys>(decoder, allowingOtherFields: true)
        id = try fields.required(.id, placeholder: "")
        kind = try fields.required(.kind, placeholder: "")
        enabled = try fields.value(.enabled, or: true)
        settings = try JSONValue(from: decoder)
    }

    /// Encodes the entry as written.
    public func encode(to encoder: any Encoder) throws { try settings.encode(to: encoder) }

    /// The kind's fields decoded as `type`.
    ///
    /// - Throws: `.invalidData` naming the destination when a field is missing or of the wrong type.
    public func settings<T: Decodable>(as type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(settings))
        } catch {
            throw PhotoSourceError(.invalidData, "destinations: \"\(id)\" (\(kind)) is not valid: \(error)", underlying: error)
        }
    }
}
