import Foundation

/// The sources `browse` opens when none are named: `demo` first, then one SOURCE per line of
/// `$XDG_CONFIG_HOME/photosource/sources` (default `~/.config/photosource/sources`);
/// blank lines and lines starting with `#` are skipped.
struct ConfiguredSources: Sendable {
    /// The file read.
    let file: URL

    /// The file for `environment`.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let configHome = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true).appendingPathComponent(".config")
        file = configHome.appendingPathComponent("photosource").appendingPathComponent("sources")
    }

    /// `demo`, then the file's sources in order, without repeats. A missing file is no sources.
    func arguments() throws -> [String] {
        var arguments = ["demo"]
        guard FileManager.default.fileExists(atPath: file.path) else { return arguments }
        let text = try String(contentsOf: file, encoding: .utf8)
        for line in text.split(whereSeparator: \.isNewline) {
            let entry = line.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty || entry.hasPrefix("#") || arguments.contains(entry) { continue }
            arguments.append(entry)
        }
        return arguments
    }
}
