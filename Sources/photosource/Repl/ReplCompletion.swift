import Foundation

/// Tab completion of command names, for ``LineEditor``: what to insert after what was typed.
enum ReplCompletion: Sendable, Equatable {
    /// Nothing matches (or the cursor is past the command name): the editor beeps.
    case nothing
    /// Text to insert at the cursor: the rest of the one match and a space, or the common prefix.
    case insert(String)
    /// Several names match and nothing more can be inserted: show them.
    case candidates([String])

    /// The names completed: every command's name and its word aliases, sorted.
    static let names: [String] = ReplCommandSpec.all
        .flatMap { [$0.name] + $0.aliases.filter { $0.allSatisfy(\.isLetter) } }
        .sorted()

    /// The completion of `typed`, the text before the cursor.
    static func complete(_ typed: String) -> ReplCompletion {
        let prefix = String(typed.drop { $0 == " " })
        guard !prefix.contains(where: \.isWhitespace) else { return .nothing }  // only the command word
        let lowered = prefix.lowercased()
        let matches = names.filter { $0.hasPrefix(lowered) }
        guard let first = matches.first else { return .nothing }
        if matches.count == 1 { return .insert(String(first.dropFirst(prefix.count)) + " ") }
        let common = matches.dropFirst().reduce(first) { common, name in String(common.commonPrefix(with: name)) }
        if common.count > prefix.count { return .insert(String(common.dropFirst(prefix.count))) }
        return .candidates(matches)
    }
}
