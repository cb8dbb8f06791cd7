public import Foundation
import PhotoSourceKit

extension ServiceConfiguration {
    /// A complete configuration to start a file from (`photosource serve --print-config`): every
    /// field at its default (the no-config service's sources, products, state folder and order
    /// folder), fresh random URL-signing and sealing keys, and the hash of a fresh API key, which
    /// is returned in ``Loaded/generatedAPIKey`` (shown once, written nowhere).
    public static func starter(environment: [String: String] = ProcessInfo.processInfo.environment) -> Loaded {
        let apiKey = "psk_" + SecretHash.randomToken()
        let configuration = ServiceConfiguration(
            sources: defaultSources, apiKeyHashes: [SecretHash.apiKeyHash(of: apiKey)], signingKeys: [ServiceKeyFile.newKey()], sealingKey: ServiceKeyFile.newKey(),
            stateDirectory: stateDirectory(environment: environment),
            destinations: [.folder(root: defaultOrderFolder(environment: environment))])
        return Loaded(configuration: configuration, generatedAPIKey: apiKey)
    }

    /// The configuration as a file holds it: indented JSON, fields in alphabetical order (so two
    /// runs differ only in their keys), empty lists and objects on one line, a final newline.
    public func fileText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A newline never appears inside a JSON string (it is escaped), so only empty containers match.
        return String(decoding: try encoder.encode(self), as: UTF8.self)
            .replacing(/\[\n\s*\]/, with: "[]").replacing(/\{\n\s*\}/, with: "{}") + "\n"
    }
}
