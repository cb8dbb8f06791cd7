import Foundation
import PhotoSourceKit

extension RemoteDestinationEntry: Decodable {
    private enum Keys: String, CodingKey {
        case id, kind, enabled, url, mode, concurrency, spacingSeconds, headers, timeoutSeconds
        case apiKey, callbackSecrets, skus, shippingMethod, sizing, recipient
    }

    /// Decodes an entry; `enabled` defaults to true, and each kind's optional settings to their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let id = try container.decode(String.self, forKey: .id)
        let kind = try container.decode(String.self, forKey: .kind)
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "A destination id must be letters, digits, - and _ (it appears in callback URLs); \"\(id)\" is not.")
        }
        let enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        let timeout = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds)
        switch kind {
        case "httpUpload":
            var configuration = HTTPUploadDestination.Configuration(
                id: id, url: try Self.url(container), mode: try Self.mode(container),
                headers: try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:])
            if let timeout { configuration.timeout = try Self.duration(timeout, key: .timeoutSeconds, container) }
            self.init(id: id, kind: kind, enabled: enabled, settings: .httpUpload(configuration))
        case "printLab":
            var configuration = PrintLabDestination.Configuration(
                id: id, ordersURL: try Self.url(container), apiKey: try container.decodeIfPresent(String.self, forKey: .apiKey),
                skus: try container.decode([String: String].self, forKey: .skus),
                shippingMethod: try container.decodeIfPresent(String.self, forKey: .shippingMethod) ?? "Standard",
                recipient: try container.decode(PrintLabRecipient.self, forKey: .recipient),
                sizing: try container.decodeIfPresent(String.self, forKey: .sizing) ?? "fillPrintArea")
            if let timeout { configuration.timeout = try Self.duration(timeout, key: .timeoutSeconds, container) }
            let secrets = try container.decode([String].self, forKey: .callbackSecrets)
            guard !secrets.isEmpty, secrets.allSatisfy({ $0.utf8.count >= 16 }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .callbackSecrets, in: container, debugDescription: "callbackSecrets needs at least one secret, each at least 16 bytes long.")
            }
            self.init(id: id, kind: kind, enabled: enabled, settings: .printLab(configuration, callbackSecrets: secrets))
        default:
            self.init(id: id, kind: kind, enabled: enabled, settings: .other(kind: kind))
        }
    }

    private static func url(_ container: KeyedDecodingContainer<Keys>) throws -> URL {
        let text = try container.decode(String.self, forKey: .url)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw DecodingError.dataCorruptedError(forKey: .url, in: container, debugDescription: "\"\(text)\" is not an http or https URL.")
        }
        return url
    }

    /// `mode`: `concurrent` (with `concurrency`, default 6) or `sequential` (with `spacingSeconds`, default 0).
    private static func mode(_ container: KeyedDecodingContainer<Keys>) throws -> HTTPUploadDestination.QueueMode {
        switch try container.decodeIfPresent(String.self, forKey: .mode) ?? "concurrent" {
        case "concurrent":
            let maximum = try container.decodeIfPresent(Int.self, forKey: .concurrency) ?? 6
            guard (1...64).contains(maximum) else {
                throw DecodingError.dataCorruptedError(forKey: .concurrency, in: container, debugDescription: "concurrency must be 1 to 64, not \(maximum).")
            }
            return .concurrent(maximum: maximum)
        case "sequential":
            let spacing = try container.decodeIfPresent(Double.self, forKey: .spacingSeconds) ?? 0
            return .sequential(spacing: try duration(spacing, key: .spacingSeconds, container))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .mode, in: container, debugDescription: "mode must be \"concurrent\" or \"sequential\", not \"\(other)\".")
        }
    }

    private static func duration(_ seconds: Double, key: Keys, _ container: KeyedDecodingContainer<Keys>) throws -> Duration {
        guard seconds.isFinite, (0...86_400).contains(seconds) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(key.rawValue) must be 0 to 86400 seconds, not \(seconds).")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
