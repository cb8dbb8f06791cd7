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

    /// Which images the image checks took, in words (`"images checked: 20 of 312 images: the
    /// first, the last and 18 picked with seed 42"`), or `nil` when no image was looked for.
    public let sampling: String?
    /// The seed of the random image picks, when images were sampled rather than all checked;
    /// pass it as ``PhotoSourceConformance/Configuration/sampleSeed`` to repeat the run.
    public let sampleSeed: UInt64?
    /// The images the source listed with a ``PhotoSourceKit/PhotoSourceItem/problem`` (such as a
    /// text file named `notes.jpg`), each as `"\"id\" in scope: problem"`. The source says they
    /// cannot be used, so the image checks leave them out: declared, not a failure.
    public let declaredProblems: [String]

    /// Creates a report.
    public init(
        sourceID: String, sourceTitle: String, results: [CheckResult], sampling: String? = nil, sampleSeed: UInt64? = nil,
        declaredProblems: [String] = []
    ) {
        self.sourceID = sourceID
        self.sourceTitle = sourceTitle
        self.results = results
        self.sampling = sampling
        self.sampleSeed = sampleSeed
        self.declaredProblems = declaredProblems
    }

    /// ``declaredProblems`` in words, one line each under a heading; empty when there are none.
    public var declaredProblemNotes: [String] {
        guard !declaredProblems.isEmpty else { return [] }
        let count = declaredProblems.count
        return ["\(count) image\(count == 1 ? "" : "s") listed as not usable by the source, so not checked:"]
            + declaredProblems.map { "  " + $0 }
    }

    /// Whether no check failed. Skipped checks do not fail a report; see ``isComplete``.
    public var passed: Bool { failures.isEmpty }
    /// Whether every check ran: none was skipped. A report that ``passed`` but is not complete
    /// says nothing about the skipped checks (``skipped`` lists them, with why).
    public var isComplete: Bool { skipped.isEmpty }
    /// The failed checks.
    public var failures: [CheckResult] { results.filter { $0.status == .failed } }
    /// The skipped checks; each result's message and ``CheckResult/skipReason`` say why.
    public var skipped: [CheckResult] { results.filter { $0.status == .skipped } }

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

    /// A one-line verdict naming the skipped checks:
    /// `"Tree (tree): 18 passed, 1 failed, 2 skipped (sign-out, signed-out-listing)"`.
    public var summary: String {
        let counts = "\(count(.passed)) passed, \(count(.failed)) failed, \(count(.skipped)) skipped"
        let names = skipped.isEmpty ? "" : " (" + skipped.map(\.name).joined(separator: ", ") + ")"
        return "\(sourceTitle) (\(sourceID)): " + counts + names
    }

    /// The summary, the image sampling (when images were looked for), the images listed as not
    /// usable, then the table of results.
    public var description: String {
        ([summary] + (sampling.map { [$0] } ?? []) + declaredProblemNotes + [table]).joined(separator: "\n")
    }

    /// Throws a ``ConformanceFailure`` naming every failed check, for callers outside Swift Testing;
    /// with `strict`, skipped checks fail too.
    public func requireAllPassed(strict: Bool = false) throws {
        if !passed || (strict && !isComplete) { throw ConformanceFailure(report: self, strict: strict) }
    }
}

/// Thrown by ``ConformanceReport/requireAllPassed()``: lists every failed check and where it failed.
public struct ConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The report that failed.
    public let report: ConformanceReport
    /// Whether skipped checks count as failures (``ConformanceReport/requireAllPassed(strict:)``).
    public let strict: Bool

    /// Creates the error for `report`.
    public init(report: ConformanceReport, strict: Bool = false) {
        self.report = report
        self.strict = strict
    }

    /// `"Tree (tree) does not conform: no-duplicate-ids: …"`, one failed (in strict mode also
    /// skipped) check per line.
    public var description: String {
        let failed = report.failures.map { "  \($0.name): \($0.message)" }
        let skipped = strict ? report.skipped.map { "  \($0.name) (skipped): \($0.message)" } : []
        return (["\(report.sourceTitle) (\(report.sourceID)) does not conform:"] + failed + skipped).joined(separator: "\n")
    }
}
