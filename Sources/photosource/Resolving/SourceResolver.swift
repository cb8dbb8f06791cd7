import Foundation
import PhotoSourceKit

/// Turns SOURCE arguments into sources: `demo`, `local:PATH`, and whatever kinds are added later
/// (`cloud:URL`, `urls:FILE`): each kind is one ``Kind`` entry.
struct SourceResolver: Sendable {
    /// One kind of source: `demo` (no argument) or `local:PATH` (an argument after the colon).
    struct Kind: Sendable {
        /// The word before the colon, or the whole argument for kinds without one.
        let name: String
        /// How the argument is written, for help and error messages (`local:PATH`).
        let syntax: String
        /// Whether the kind takes something after the colon.
        let takesArgument: Bool
        /// Makes the source from what follows the colon (`""` for kinds without an argument).
        let make: @Sendable (_ argument: String, _ network: NetworkSettings) throws -> ResolvedSource
    }

    /// The kinds, in the order help lists them.
    let kinds: [Kind]
    /// Trusted origins and the credential store, for network sources.
    var network = NetworkSettings()

    /// This resolver with `network` as its network settings.
    func with(_ network: NetworkSettings) -> SourceResolver {
        var copy = self
        copy.network = network
        return copy
    }

    /// `demo | local:PATH`, for help and error messages.
    var syntaxSummary: String { kinds.map(\.syntax).joined(separator: " | ") }

    /// Checks the shape of `argument` without touching the disk or the network.
    func check(_ argument: String) throws(PhotoSourceError) -> (kind: Kind, argument: String) {
        let name: Substring
        let rest: Substring?
        if let colon = argument.firstIndex(of: ":") {
            name = argument[..<colon]
            rest = argument[argument.index(after: colon)...]
        } else {
            name = Substring(argument)
            rest = nil
        }
        guard let kind = kinds.first(where: { $0.name == name.lowercased() }) else {
            throw PhotoSourceError(.invalidData, "\"\(argument)\" is not a source; write one of: \(syntaxSummary).")
        }
        if kind.takesArgument {
            guard let rest, !rest.isEmpty else {
                throw PhotoSourceError(.invalidData, "\(kind.name): needs something after the colon, as in \(kind.syntax).")
            }
            return (kind, String(rest))
        }
        guard rest == nil else {
            throw PhotoSourceError(.invalidData, "\(kind.name) takes nothing after it; write just \(kind.name).")
        }
        return (kind, "")
    }

    /// Makes the source `argument` names; throws when it is malformed or cannot be opened
    /// (a missing folder is `.notFound`).
    func resolve(_ argument: String) throws -> ResolvedSource {
        let (kind, rest) = try check(argument)
        return try kind.make(rest, network)
    }

    /// `~/Pictures` and relative paths as a shell would mean them (the shell does not expand
    /// `~` after `local:`).
    static func expandPath(
        _ path: String, isDirectory: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        var expanded = path
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] {
            expanded = home + path.dropFirst()
        }
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return URL(fileURLWithPath: expanded, isDirectory: isDirectory, relativeTo: base).standardizedFileURL
    }
}
