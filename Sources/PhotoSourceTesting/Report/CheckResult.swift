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

    /// Why a check was skipped, in a form front ends can word for their own users.
    public enum SkipReason: String, Sendable, Hashable, Codable {
        /// The suite was given no `signIn` closure, so the source is checked as one without sign-in.
        case noSignIn
        /// No ``FaultInjector`` is wired into the source's listing, so listing faults cannot be injected.
        case noFaultInjection
        /// The source had nothing the check applies to (no album to open, no image, no size advertised).
        case nothingToCheck
        /// An earlier step failed (for example the root could not be listed).
        case notReached
    }

    /// The check.
    public let check: ConformanceCheck
    /// Passed, failed or skipped.
    public let status: Status
    /// What was checked, or where it failed (the item id, scope and page), or why it was skipped.
    public let message: String
    /// Why the check was skipped; `nil` unless ``status`` is ``Status/skipped``.
    public let skipReason: SkipReason?

    /// Creates a result.
    public init(check: ConformanceCheck, status: Status, message: String, skipReason: SkipReason? = nil) {
        self.check = check
        self.status = status
        self.message = message
        self.skipReason = status == .skipped ? skipReason ?? .nothingToCheck : nil
    }

    /// The check's name, as printed (for example `"no-duplicate-ids"`).
    public var name: String { check.name }
}
