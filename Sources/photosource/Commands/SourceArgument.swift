import ArgumentParser
import PhotoSourceKit

/// The SOURCE argument `ls` and `info` share.
struct SourceArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The source: demo, local:PATH (a folder), cloud:URL or urls:FILE.", valueName: "source"))
    var source: String

    @OptionGroup var network: NetworkOptions

    /// Rejects a malformed SOURCE before anything is opened.
    func validate() throws {
        try SourceResolver.standard.validate(source)
    }

    /// Opens the source; a missing folder is a one-line error.
    func resolve() throws -> ResolvedSource {
        try DemoLibraryProgress.prepare(for: [source])
        return try SourceResolver.standard.with(network.settings()).resolve(source)
    }
}

/// `--json`, for commands a script reads.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object instead of text.")
    var json = false
}

extension SourceResolver {
    /// Checks the shape of a SOURCE argument for `validate()`: a usage error, exit status 64.
    func validate(_ argument: String) throws(ValidationError) {
        do {
            _ = try check(argument)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
