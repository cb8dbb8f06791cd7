import ArgumentParser
import PhotoSourceKit
import PhotoSourceTesting

extension Root {
    /// `photosource check SOURCE`: the conformance suite, printed like a linter's report.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the conformance suite against a source and print a PASS/FAIL/SKIP table.",
            discussion: """
                Lists, pages and downloads a sample of the source the way front ends do, and checks \
                what it gets back. Sources with sign-in (cloud:URL) are signed out and in again on \
                the way. The last line is the summary; the exit status is 1 when any check failed.
                """)

        @OptionGroup var source: SourceArgument

        func run() async throws {
            let resolved = try await CommandFailure.reported { try source.resolve() }
            let report = await PhotoSourceConformance(source: resolved.source, signIn: Self.signIn(resolved)).run()
            print(CheckTable(report: report).lines().joined(separator: "\n"))
            if !report.passed { throw ExitCode.failure }
        }

        /// Signs a cloud source in the way `login` does (the demo cloud approves at once);
        /// `nil` for sources without sign-in.
        static func signIn(_ resolved: ResolvedSource) -> PhotoSourceConformance.SignIn? {
            guard let signing = resolved.signInSource else { return nil }
            return { try await signing.signIn(present: { _ in }) }
        }
    }
}
