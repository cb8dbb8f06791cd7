import Foundation
import PhotoNetworking
import PhotoSourceKit

/// What network sources need from the command line: the extra trusted origins and where
/// sign-ins are kept. The store is opened only when a source signs in, so `demo` and
/// `local:` never touch the credentials folder.
struct NetworkSettings: Sendable {
    /// The environment variable with extra trusted origins, comma-separated.
    static let originsVariable = "PHOTOSOURCE_ALLOW_ORIGINS"

    /// Origins (`scheme://host:port`) that may be contacted even on loopback or private addresses.
    var allowedOrigins: [String] = []
    /// Opens the credential store (default: the encrypted store in the XDG config folder).
    var credentialStore: @Sendable () throws -> any CredentialStore = { try CredentialFolder.makeDefaultStore() }

    /// The address policy for URLs given on the command line: public addresses plus ``allowedOrigins``.
    func addressPolicy() throws -> AddressPolicy {
        try AddressPolicy.trusting(origins: allowedOrigins)
    }

    /// `--allow-origin` values followed by those of `PHOTOSOURCE_ALLOW_ORIGINS`, without repeats.
    static func origins(options: [String], environment: [String: String]) -> [String] {
        let fromEnvironment = (environment[originsVariable] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var seen = Set<String>()
        return (options + fromEnvironment).filter { seen.insert($0).inserted }
    }
}
