import PhotoSourceTesting

/// A conformance report as a linter prints it: one aligned row per check (name, PASS, FAIL or
/// SKIP, message), then the report's one-line summary.
struct CheckTable: Sendable {
    /// The report shown.
    let report: ConformanceReport

    /// `PASS`, `FAIL` or `SKIP`.
    static func label(_ status: CheckResult.Status) -> String {
        switch status {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .skipped: "SKIP"
        }
    }

    /// The rows, then the summary.
    func lines() -> [String] {
        let width = report.results.map(\.name.count).max() ?? 0
        let rows = report.results.map { result in
            result.name + String(repeating: " ", count: width - result.name.count) + "  " + Self.label(result.status) + "  " + result.message
        }
        return rows + [report.summary]
    }
}
