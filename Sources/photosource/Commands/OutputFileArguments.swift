import ArgumentParser
import Foundation
import PhotoSourceKit

/// `--out FILE [--force]`, shared by `get` and `fetch`: the file to write, which must not exist
/// yet unless `--force` says to replace it.
struct OutputFileArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The file to write; an existing one is refused unless --force.", valueName: "file"))
    var out: String

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    /// The file to write, refused when it exists and `--force` was not given. Checked before
    /// anything is downloaded, so a refusal costs nothing. (The write itself stays atomic: a file
    /// that appears meanwhile is replaced whole, never mixed.)
    func file() throws -> URL {
        let file = SourceResolver.expandPath(out, isDirectory: false)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                throw PhotoSourceError(.invalidData, "\(TerminalText.escaped(file.path)) is a folder; give --out a file name.")
            }
            if !force {
                throw PhotoSourceError(.invalidData, "\(TerminalText.escaped(file.path)) exists; add --force to replace it, or choose another --out.")
            }
        }
        return file
    }
}
