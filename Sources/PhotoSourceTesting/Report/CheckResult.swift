/// The outcome of one ``ConformanceCheck``.
public struct CheckResult: Sendable, Hashable, Codable {
    /// Passed, failed, or not run.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Every case the check looked at conformed.
        case passed
        /// At least one case did not; ``CheckResult/message`` says which.
        case failed
        /// The check did not apply (for example sign-in checks on a source without sign-in).
        case skipped
    }

    /// The check.
    public let check: ConformanceCheck
    /// Passed, failed or skipped.
    public let status: Status
    /// What was checked, or where it failed (the item id, scope and page), or why it was skipped.
    public let message: String

    /// Creates a result.
    public init(check: ConformanceCheck, status: Status, message: String) {
        self.check = check
        self.status = status
        self.message = message
    }

    /// The check's name, as printed (for example `"no-duplicate-ids"`).
    public var name: String { check.name }
}
