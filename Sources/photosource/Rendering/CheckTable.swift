import PhotoSourceTesting

/// A conformance report as a linter prints it: one aligned row per check (name, PASS, FAIL or
/// SKIP, message), a blank line, which images were checked and why checks were skipped (in words
/// for someone at a shell, not API names), then the report's one-line summary.
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

    /// The rows, a blank line, the notes, then the summary (always the last line).
    func lines() -> [String] {
        let width = report.results.map(\.name.count).max() ?? 0
        let rows = report.results.map { result in
            result.name + String(repeating: " ", count: width - result.name.count) + "  " + Self.label(result.status) + "  "
                + Self.rowMessage(result)
        }
        let notes = (report.sampling.map { [$0 + seedHint] } ?? []) + report.declaredProblemNotes + skipNotes()
        return rows + [""] + notes + [report.summary]
    }

    /// The message of a row: for skipped checks, why in a few words a CLI user understands.
    static func rowMessage(_ result: CheckResult) -> String {
        switch result.skipReason {
        case .noSignIn: "this source has no sign-in"
        case .noFaultInjection: "needs faults built into the source (its Swift tests)"
        case .nothingToCheck, .notReached, nil: result.message
        }
    }

    /// `" (repeat with --seed 42)"` when images were picked at random.
    private var seedHint: String {
        report.sampleSeed.map { " (repeat these picks with --seed \($0))" } ?? ""
    }

    /// One line per reason checks were skipped: the checks, why, and what to do about it.
    func skipNotes() -> [String] {
        let skipped = report.skipped
        guard !skipped.isEmpty else { return [] }
        var notes = ["\(skipped.count) skipped:"]
        var grouped: [(CheckResult.SkipReason?, [CheckResult])] = []
        for result in skipped {
            if let index = grouped.firstIndex(where: { $0.0 == result.skipReason }) {
                grouped[index].1.append(result)
            } else {
                grouped.append((result.skipReason, [result]))
            }
        }
        for (reason, results) in grouped {
            let names = results.map(\.name).joined(separator: ", ")
            switch reason {
            case .noSignIn:
                notes.append("  \(names): this source has no sign-in, so there is nothing to sign out of; nothing to do.")
            case .noFaultInjection:
                notes.append(
                    "  \(names): these make the source's own listing fail on purpose (HTTP 401, 429, 500, a slow answer), "
                        + "which only works from the source's Swift tests with faults built in; see \"Passing the conformance "
                        + "suite\" in docs/WritingAPhotoSource.md. Download faults were checked here.")
            case .nothingToCheck, .notReached, nil:
                notes += results.map { "  \($0.name): \($0.message)" }
            }
        }
        return notes
    }
}
