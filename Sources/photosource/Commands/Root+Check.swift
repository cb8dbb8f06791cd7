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
                the way. Every photo of a small source is downloaded and decoded; of a large one the \
                first, the last and photos picked at random (the seed is printed; --seed repeats it). \
                Skipped checks are listed with why. The last line is the summary; the exit status is 1 \
                when any check failed (with --strict, also when any was skipped).
                """)

        @OptionGroup var source: SourceArgument

        @Option(help: "How many photos to download and decode; sources with at most this many have all checked.")
        var images = 20

        @Option(help: ArgumentHelp("Seed of the random photo picks (printed by an earlier run), to repeat them.", valueName: "n"))
        var seed: UInt64?

        @Flag(help: "Fail (exit status 1) when a check was skipped, not only when one failed.")
        var strict = false

        func validate() throws {
            guard images >= 1 else { throw ValidationError("--images must be at least 1; it was \(images).") }
        }

        func run() async throws {
            let resolved = try await CommandFailure.reported { try source.resolve() }
            let configuration = PhotoSourceConformance.Configuration(maximumImages: images, sampleSeed: seed)
            let report = await PhotoSourceConformance(
                source: resolved.source, signIn: Self.signIn(resolved), configuration: configuration
            ).run()
            print(CheckTable(report: report).lines().joined(separator: "\n"))
            if !report.passed || (strict && !report.isComplete) { throw ExitCode.failure }
        }

        /// Signs a cloud source in the way `login` does (the demo cloud approves at once);
        /// `nil` for sources without sign-in.
        static func signIn(_ resolved: ResolvedSource) -> PhotoSourceConformance.SignIn? {
            guard let signing = resolved.signInSource else { return nil }
            return { try await signing.signIn(present: { _ in }) }
        }
    }
}
