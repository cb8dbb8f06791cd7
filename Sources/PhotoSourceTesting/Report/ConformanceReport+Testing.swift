public import Testing

extension ConformanceReport {
    /// Records one Swift Testing issue per failed check, naming the check and where it failed.
    ///
    /// ```swift
    /// @Test func conforms() async throws {
    ///     await PhotoSourceConformance(source: makeSource()).run().expectAllPassed()
    /// }
    /// ```
    public func expectAllPassed(sourceLocation: SourceLocation = #_sourceLocation) {
        for failure in failures {
            Issue.record(
                Comment(rawValue: "\(sourceTitle) (\(sourceID)) fails \(failure.name): \(failure.message)"),
                sourceLocation: sourceLocation)
        }
    }
}
