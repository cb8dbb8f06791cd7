/// Collects what each check saw during one run and turns it into results.
struct CheckLedger {
    /// The first failure message of each check, and how many failures there were in all.
    private var failures: [ConformanceCheck: (first: String, count: Int)] = [:]
    private var subjects: [ConformanceCheck: [String]] = [:]
    private var skipReasons: [ConformanceCheck: (message: String, reason: CheckResult.SkipReason)] = [:]
    /// Why checks nothing reached were not run (set when a step cannot go on).
    var notReachedReason = "not reached"

    /// Records that `check` held for `subject` (a scope, page or item id).
    mutating func pass(_ check: ConformanceCheck, _ subject: String) {
        if !(subjects[check]?.contains(subject) ?? false) { subjects[check, default: []].append(subject) }
    }

    /// Records that `check` failed, with a message naming where.
    mutating func fail(_ check: ConformanceCheck, _ message: String) {
        failures[check] = (failures[check]?.first ?? message, (failures[check]?.count ?? 0) + 1)
    }

    /// Records a pass for `subject` when `condition` holds, otherwise a failure with `message`.
    mutating func expect(_ check: ConformanceCheck, _ condition: Bool, _ subject: String, _ message: @autoclosure () -> String) {
        if condition { pass(check, subject) } else { fail(check, message()) }
    }

    /// Marks `check` skipped with `message`, unless something was recorded for it.
    mutating func skip(_ check: ConformanceCheck, _ message: String, because reason: CheckResult.SkipReason = .nothingToCheck) {
        if skipReasons[check] == nil { skipReasons[check] = (message, reason) }
    }

    /// One result per check, in declaration order.
    func results() -> [CheckResult] {
        ConformanceCheck.allCases.map { check in
            if let failed = failures[check] {
                let more = failed.count > 1 ? " (and \(failed.count - 1) more)" : ""
                return CheckResult(check: check, status: .failed, message: failed.first + more)
            }
            if let seen = subjects[check], !seen.isEmpty {
                let shown = seen.prefix(4).joined(separator: ", ") + (seen.count > 4 ? ", …" : "")
                return CheckResult(check: check, status: .passed, message: "checked \(seen.count): \(shown)")
            }
            let skipped = skipReasons[check] ?? (notReachedReason, .notReached)
            return CheckResult(check: check, status: .skipped, message: skipped.message, skipReason: skipped.reason)
        }
    }
}
