import Foundation
import PhotoSourceKit

extension RemoteDestinationEntry: Decodable {
    private enum Keys: String, CodingKey, CaseIterable {
        case id, kind, enabled, url, mode, concurrency, spacingSeconds, headers, timeoutSeconds
        case apiKey, callbackSecrets, skus, shippingMethod, sizing, recipient, format, currency
        // Any kind's: which files it gets (DestinationFileSettings).
        case files, printQuality, printMaximumBytes
        // Read by ServiceConfiguration.load into the fields above (DestinationConfiguration+Secrets).
        case apiKeyFile, callbackSecretsFile, headersFile
    }

    /// Decodes an entry; `enabled` defaults to true, and each kind's optional settings to their
    /// defaults. Decoded with a configuration problem log (as the configuration's validation
    /// does), every problem is logged with its path instead of the first one thrown.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        let check = Check(decoder: decoder, container: try decoder.container(keyedBy: Keys.self))
        let id: String = try fields.required(.id, placeholder: "")
        let kind: String = try fields.required(.kind, placeholder: "")
        if fields.has(.id), id.isEmpty || !id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            try check.fail(.id, "A destination id must be letters, digits, - and _ (it appears in callback URLs); \"\(id)\" is not.")
        }
        let enabled = try fields.value(.enabled, or: true)
        let timeout: Double? = try fields.optional(.timeoutSeconds)
        let placeholder = URL(fileURLWithPath: "/")
        switch kind {
        case "httpUpload":
            var configuration = HTTPUploadDestination.Configuration(
                id: id, url: try Self.url(fields, check) ?? placeholder, mode: try Self.mode(fields, check),
                headers: try fields.value(.headers, or: [:]))
            if let timeout, let duration = try Self.duration(timeout, key: .timeoutSeconds, check) { configuration.timeout = duration }
            self.init(id: id, kind: kind, enabled: enabled, settings: .httpUpload(configuration))
        case "printLab":
            var configuration = PrintLabDestination.Configuration(
                id: id, ordersURL: try Self.url(fields, check) ?? placeholder, apiKey: try fields.optional(.apiKey),
                skus: try fields.required(.skus, placeholder: [:]),
                shippingMethod: try fields.value(.shippingMethod, or: "Standard"),
                recipient: try fields.required(.recipient, placeholder: PrintLabRecipient(name: "", address: .init(line1: "", postalOrZipCode: "", countryCode: "", townOrCity: ""))),
                sizing: try fields.value(.sizing, or: "fillPrintArea"), format: try fields.value(.format, or: .prodigiV4),
                currency: try fields.value(.currency, or: "USD"))
            if !CurrencyCodes.isAssigned(configuration.currency) {
                try check.fail(.currency, "currency must be an ISO 4217 code in capitals (USD, EUR, GBP…); \"\(configuration.currency)\" is not.")
            }
            if let timeout, let duration = try Self.duration(timeout, key: .timeoutSeconds, check) { configuration.timeout = duration }
            let secrets: [String] = try fields.required(.callbackSecrets, placeholder: [])
            if fields.has(.callbackSecrets), secrets.isEmpty || !secrets.allSatisfy({ $0.utf8.count >= 16 }) {
                try check.fail(.callbackSecrets, "callbackSecrets needs at least one secret, each at least 16 bytes long.")
            }
            self.init(id: id, kind: kind, enabled: enabled, settings: .printLab(configuration, callbackSecrets: secrets))
        default:
            self.init(id: id, kind: kind, enabled: enabled, settings: .other(kind: kind))
        }
    }

    /// Reports a bad value: logged when the decoder has a problem log, thrown otherwise.
    private struct Check {
        let decoder: any Decoder
        let container: KeyedDecodingContainer<Keys>

        func fail(_ key: Keys, _ message: String) throws {
            guard let log = decoder.configurationProblemLog else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
            }
            log.add(message, at: container.codingPath + [key])
        }
    }

    private static func url(_ fields: ConfigurationFields<Keys>, _ check: Check) throws -> URL? {
        let text: String = try fields.required(.url, placeholder: "")
        guard fields.has(.url) else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            try check.fail(.url, "must be http or https with a host; \"\(text)\" is not.")
            return nil
        }
        return url
    }

    /// `mode`: `concurrent` (with `concurrency`, default 6) or `sequential` (with `spacingSeconds`, default 0).
    private static func mode(_ fields: ConfigurationFields<Keys>, _ check: Check) throws -> HTTPUploadDestination.QueueMode {
        switch try fields.value(.mode, or: "concurrent") {
        case "concurrent":
            let maximum = try fields.value(.concurrency, or: 6)
            guard (1...64).contains(maximum) else {
                try check.fail(.concurrency, "concurrency must be 1 to 64, not \(maximum).")
                return .concurrent(maximum: 6)
            }
            return .concurrent(maximum: maximum)
        case "sequential":
            let spacing = try fields.value(.spacingSeconds, or: 0.0)
            return .sequential(spacing: try duration(spacing, key: .spacingSeconds, check) ?? .zero)
        case let other:
            try check.fail(.mode, "mode must be \"concurrent\" or \"sequential\", not \"\(other)\".")
            return .concurrent(maximum: 6)
        }
    }

    private static func duration(_ seconds: Double, key: Keys, _ check: Check) throws -> Duration? {
        guard seconds.isFinite, (0...86_400).contains(seconds) else {
            try check.fail(key, "\(key.rawValue) must be 0 to 86400 seconds, not \(seconds).")
            return nil
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
