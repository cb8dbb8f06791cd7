/// What ``PhotoSourceConformance/run()`` found: one ``CheckResult`` per check, in a fixed order.
///
/// Print it for a table, or encode it as JSON (check names are the stable raw values).
public struct ConformanceReport: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The id of the source checked.
    public let sourceID: String
    /// The title of the source checked.
    public let sourceTitle: String
    /// One result per ``ConformanceCheck``, in declaration order.
    public let results: [CheckResult]

    /// Creates a report.
    public init(sourceID: String, sourceTitle: String, results: [CheckResult]) {
        self.sourceID = sourceID
        self.sourceTitle = sourceTitle
        self.results = results
    }

    /// Whether no check failed (skipped checks do not fail a report).
    public var passed: Bool { failures.isEmpty }
    /// The failed checks.
    public var failures: [CheckResult] { results.filter { $0.status == .failed } }

    /// The result of `check`.
    public func result(for check: ConformanceCheck) -> CheckResult? {
        results.first { $0.check == check }
    }

    /// The status of `check` (`.skipped` when the report has no result for it).
    public func status(of check: ConformanceCheck) -> CheckResult.Status {
        result(for: check)?.status ?? .skipped
    }

    /// How many checks ended with `status`.
    public func count(_ status: CheckResult.Status) -> Int {
        results.count { $0.status == status }
    }

    /// A one-line verdict: `"Tree (tree): 18 passed, 1 failed, 2 skipped"`.
    public var summary: String {
        "\(sourceTitle) (\(sourceID)): \(count(.passed)) passed, \(count(.failed)) failed, \(count(.skipped)) skipped"
    }

    /// The summary followed by the table of results.
    public var description: String { summary + "\n" + table }

    /// Throws a ``ConformanceFailure`` naming every failed check, for callers outside Swift Testing.
    public func requireAllPassed() throws {
        if !passed { throw ConformanceFailure(report: self) }
    }
}

/// Thrown by ``ConformanceReport/requireAllPassed()``: lists every failed check and where it failed.
public struct ConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The report that failed.
    public let report: ConformanceReport

    /// `"Tree (tree) does not conform: no-duplicate-ids: …"`, one failed check per line.
    public var description: String {
        let lines = report.failures.map { "  \($0.name): \($0.message)" }
        return (["\(report.sourceTitle) (\(report.sourceID)) does not conform:"] + lines).joined(separator: "\n")
    }
}
