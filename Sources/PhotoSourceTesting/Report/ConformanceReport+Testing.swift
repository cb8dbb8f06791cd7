public import Testing

extension ConformanceReport {
    /// Records one Swift Testing issue per failed check, naming the check and where it failed;
    /// with `strict`, also one per skipped check, saying why it was skipped.
    ///
    /// ```swift
    /// @Test func conforms() async throws {
    ///     await PhotoSourceConformance(source: makeSource()).run().expectAllPassed()
    /// }
    /// ```
    ///
    /// A source with sign-in and a ``FaultInjector`` wired in runs every check; assert that with
    /// `expectAllPassed(strict: true)`.
    public func expectAllPassed(strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        for failure in failures {
            Issue.record(
                Comment(rawValue: "\(sourceTitle) (\(sourceID)) fails \(failure.name): \(failure.message)"),
                sourceLocation: sourceLocation)
        }
        guard strict else { return }
        for skip in skipped {
            Issue.record(
                Comment(rawValue: "\(sourceTitle) (\(sourceID)) skipped \(skip.name): \(skip.message)"),
                sourceLocation: sourceLocation)
        }
    }
}
