import Foundation

/// Where the REPL keeps its line history: `$XDG_STATE_HOME/photosource/history`
/// (default `~/.local/state/photosource/history`), as the XDG base directories put state.
enum HistoryFile {
    /// The file for `environment`.
    static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
                .appendingPathComponent(".local").appendingPathComponent("state")
        return stateHome.appendingPathComponent("photosource").appendingPathComponent("history")
    }
}
