import Synchronization

/// Collects the problems found while decoding a configuration, so that one run reports all of
/// them instead of stopping at the first. Put in a decoder's `userInfo` (``userInfoKey``), it
/// makes ``ConfigurationFields`` log a bad value and go on; without it they throw as usual.
final class ConfigurationProblemLog: Sendable {
    /// The `userInfo` key the log is found under.
    static let userInfoKey = CodingUserInfoKey(rawValue: "photosource.configurationProblemLog")!

    /// What paths start with: `$` for a whole file, `$.destinations[1]` for one entry decoded alone.
    let root: String
    private let found = Mutex<[ConfigurationProblem]>([])

    /// A log whose paths start with `root`.
    init(root: String = "$") {
        self.root = root
    }

    /// The problems logged so far.
    var problems: [ConfigurationProblem] { found.withLock { $0 } }

    /// Logs `message` at `codingPath` (below ``root``).
    func add(_ message: String, at codingPath: [any CodingKey]) {
        let problem = ConfigurationProblem(path: Self.path(root, codingPath), message: message)
        found.withLock { $0.append(problem) }
    }

    /// Logs a decoding error at the path it names.
    func add(_ error: any Error) {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            add("is missing.", at: context.codingPath + [key])
        case DecodingError.valueNotFound(let type, let context):
            add("must be \(Self.noun(for: type)), not null.", at: context.codingPath)
        case DecodingError.typeMismatch(let type, let context):
            add("must be \(Self.noun(for: type)).", at: context.codingPath)
        case DecodingError.dataCorrupted(let context):
            add(context.debugDescription, at: context.codingPath)
        default:
            add("\(error)", at: [])
        }
    }

    /// `root` followed by `.name` for each key (`["name"]` when it is not a plain identifier) and `[n]` for each index.
    static func path(_ root: String, _ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(root) { path, key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" { return path + "[\(index)]" }
            let name = key.stringValue
            let plain = name.first.map { $0.isLetter || $0 == "_" } == true
                && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            return plain ? path + "." + name : path + "[\"" + name + "\"]"
        }
    }

    /// What a person calls a value of `type`: "a whole number", "a list of strings"…
    static func noun(for type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [String].Type: "a list of strings"
        case is [String: String].Type: "an object of strings"
        default: String(describing: type).hasPrefix("Array") ? "a list" : String(describing: type).hasPrefix("Dictionary") ? "an object" : "\(type)"
        }
    }
}

extension Decoder {
    /// The problem log this decoder carries, if any.
    var configurationProblemLog: ConfigurationProblemLog? { userInfo[ConfigurationProblemLog.userInfoKey] as? ConfigurationProblemLog }
}
