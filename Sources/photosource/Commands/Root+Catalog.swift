import ArgumentParser
import Foundation
import PhotoSourceKit

extension Root {
    /// `photosource catalog`: tools for the "Send to…" handler catalog.
    struct CatalogCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catalog",
            abstract: "Check a \"Send to…\" handler catalog (see docs/catalog.md).",
            subcommands: [Lint.self])

        /// `photosource catalog lint FILE`: one line per problem, exit status 1 on any error.
        struct Lint: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Check a handler catalog against docs/catalog.schema.json's rules.",
                discussion: """
                    Prints one line per problem: its severity, the JSON pointer of the value at fault and \
                    what is wrong (unknown action, platform or parameter names, invalid BCP-47 tags, \
                    templates that use parameters their action does not declare, missing icons, duplicate \
                    ids, URLs that are not https). The exit status is 1 when any problem is an error \
                    (warnings alone leave it 0); the last line counts them.
                    """)

            @Argument(help: ArgumentHelp("The catalog JSON file.", valueName: "FILE"))
            var file: String

            @Flag(help: "Accept http: URLs (a development catalog on loopback).")
            var development = false

            func run() async throws {
                let data = try await CommandFailure.reported {
                    do {
                        return try Data(contentsOf: URL(fileURLWithPath: file))
                    } catch {
                        throw PhotoSourceError(.notFound, "Cannot read \(file): \(error.localizedDescription)")
                    }
                }
                let problems = CatalogLinter(development: development).problems(in: data)
                for problem in problems { print(problem.description) }
                let errors = problems.filter { $0.severity == .error }.count
                let warnings = problems.count - errors
                print("\(file): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
                if errors > 0 { throw ExitCode.failure }
            }
        }
    }
}
