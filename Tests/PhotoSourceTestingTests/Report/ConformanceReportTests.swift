import Foundation
import PhotoSourceTesting
import Testing

@Suite("ConformanceReport")
struct ConformanceReportTests {
    static let report = ConformanceReport(
        sourceID: "demo", sourceTitle: "Demo",
        results: [
            CheckResult(check: .rootListing, status: .passed, message: "checked 1: /"),
            CheckResult(check: .noDuplicateIDs, status: .failed, message: "\"x\" is on page 0 and page 1 of /A (count 3)"),
            CheckResult(check: .signOut, status: .skipped, message: "no signIn closure given"),
        ])

    @Test("counts and the verdict")
    func verdict() {
        #expect(!Self.report.passed)
        #expect(Self.report.failures.map(\.check) == [.noDuplicateIDs])
        #expect(Self.report.summary == "Demo (demo): 1 passed, 1 failed, 1 skipped (sign-out)")
        #expect(Self.report.status(of: .stableIDs) == .skipped, "checks without a result count as skipped")
    }

    @Test("the table aligns its columns and keeps every message")
    func table() throws {
        let lines = Self.report.table.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let header = try #require(lines.first)
        let statusColumn = try #require(header.firstRange(of: "status")).lowerBound.utf16Offset(in: header)
        let detailsColumn = try #require(header.firstRange(of: "details")).lowerBound.utf16Offset(in: header)
        for (line, result) in zip(lines.dropFirst(), Self.report.results) {
            #expect(String(line.utf16.dropFirst(statusColumn))!.hasPrefix(result.status.rawValue))
            #expect(String(line.utf16.dropFirst(detailsColumn)) == result.message)
            #expect(line.hasPrefix(result.name + " "))
        }
        #expect(Self.report.rows[1] == ["no-duplicate-ids", "failed", "\"x\" is on page 0 and page 1 of /A (count 3)"])
        #expect(Self.report.description == Self.report.summary + "\n" + Self.report.table)
    }

    @Test("requireAllPassed throws a failure naming each failed check")
    func requireAllPassed() throws {
        let failure = try #require(throws: ConformanceFailure.self) { try Self.report.requireAllPassed() }
        #expect(failure.description.contains("no-duplicate-ids: \"x\" is on page 0"))
        #expect(!failure.description.contains("sign-out"))
        let passing = ConformanceReport(sourceID: "ok", sourceTitle: "OK", results: [Self.report.results[0]])
        #expect(throws: Never.self) { try passing.requireAllPassed() }
    }

    @Test("expectAllPassed records one issue per failed check")
    func expectAllPassed() {
        withKnownIssue {
            Self.report.expectAllPassed()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("fails no-duplicate-ids") }
        }
        ConformanceReport(sourceID: "ok", sourceTitle: "OK", results: [Self.report.results[0]]).expectAllPassed()
    }

    @Test("a passing report with skipped checks is not complete, and strict mode fails it, saying why")
    func strict() throws {
        // Given: nothing failed, one check skipped
        let report = ConformanceReport(
            sourceID: "ok", sourceTitle: "OK", results: [Self.report.results[0], Self.report.results[2]])

        // Then
        #expect(report.passed)
        #expect(!report.isComplete)
        #expect(report.skipped.map(\.check) == [.signOut])
        #expect(report.skipped.first?.skipReason == .nothingToCheck, "a skipped result without a reason gets the generic one")
        #expect(throws: Never.self) { try report.requireAllPassed() }
        let failure = try #require(throws: ConformanceFailure.self) { try report.requireAllPassed(strict: true) }
        #expect(failure.description.contains("sign-out (skipped): no signIn closure given"))
        withKnownIssue {
            report.expectAllPassed(strict: true)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("skipped sign-out: no signIn closure given") }
        }
        report.expectAllPassed()
    }

    @Test("a report survives a JSON round trip, with checks by their printed names")
    func json() throws {
        let data = try JSONEncoder().encode(Self.report)
        let text = try #require(String(data: data, encoding: .utf8))

        #expect(try JSONDecoder().decode(ConformanceReport.self, from: data) == Self.report)
        #expect(text.contains("\"no-duplicate-ids\""))
        #expect(text.contains("\"failed\""))
    }
}
