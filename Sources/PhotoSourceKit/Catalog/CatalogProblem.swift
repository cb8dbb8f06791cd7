/// One finding of ``CatalogLinter``: where (a JSON pointer), how bad, and what to do.
public struct CatalogProblem: Sendable, Hashable, CustomStringConvertible {
    /// How bad a finding is.
    public enum Severity: String, Sendable, Hashable {
        /// The catalog would be refused (or a handler would never work).
        case error
        /// Worth fixing, but the catalog is usable.
        case warning
    }

    /// How bad it is.
    public let severity: Severity
    /// The JSON pointer of the value at fault (`""` for the whole document).
    public let pointer: String
    /// What is wrong, as a sentence.
    public let message: String

    /// Creates a finding.
    public init(_ severity: Severity, at pointer: String, _ message: String) {
        self.severity = severity
        self.pointer = pointer
        self.message = message
    }

    /// One line: `error /handlers/0/actions/edt: …`.
    public var description: String { "\(severity.rawValue) \(pointer.isEmpty ? "/" : pointer): \(message)" }
}
