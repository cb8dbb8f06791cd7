/// One thing wrong with a service configuration: where it is and what is wrong with it.
///
/// `path` is a JSON path into the file (`$.destinations[1].url`), or the name of the environment
/// variable the value came from (`PHOTOSOURCE_PORT`).
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where: `$.limits.requestsPerMinute`, `$.signingKeys[0]`, `PHOTOSOURCE_SEALING_KEY`…
    public var path: String
    /// What is wrong, as a sentence a person can act on.
    public var message: String

    /// Creates a problem.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// Every problem one load of a configuration found, in the order found; the `underlying` error of
/// the `.invalidData` error ``ServiceConfiguration/load(file:environment:)`` throws, so a caller
/// can show them one per line.
public struct ConfigurationProblems: Error, Sendable, CustomStringConvertible {
    /// The problems; never empty.
    public var problems: [ConfigurationProblem]

    /// Wraps `problems`.
    public init(_ problems: [ConfigurationProblem]) {
        self.problems = problems
    }

    /// The problems, joined by `; `.
    public var description: String { problems.map(\.description).joined(separator: "; ") }
}
