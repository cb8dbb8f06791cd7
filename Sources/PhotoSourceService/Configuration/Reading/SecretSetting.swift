import Foundation

/// One secret of the configuration and the four places it may come from, in the order they win:
/// an environment variable (`PHOTOSOURCE_SIGNING_KEYS`, comma-separated), an environment variable
/// naming a file (`PHOTOSOURCE_SIGNING_KEYS_FILE`), a field naming a file (`signingKeysFile`, relative
/// to the configuration file's folder), and the field itself (`signingKeys`). A file holds one
/// value per line; blank lines and surrounding whitespace are ignored, so a file written by
/// `echo` or by a secret store reads the same.
struct SecretSetting {
    /// The field's JSON path: `$.signingKeys`, `$.webhook.secrets`.
    let path: String
    /// The environment variable with the value itself.
    let variable: String
    /// Whether the value is a list (the variable comma-separated, the file one per line) or one value.
    let isList: Bool
    /// What separates a list's values in the variable: a comma, or a newline for values that may hold commas (headers).
    var separator: Character = ","

    /// The variable naming a file: ``variable`` + `_FILE`.
    var fileVariable: String { variable + "_FILE" }

    /// The value and where it came from, or `nil` when no source gives one (the field's own value
    /// stands). `hasInline`: whether the field itself has a value (with `file`, a problem).
    /// Problems (an unreadable or empty file, two sources given at once) are appended.
    func resolve(
        hasInline: Bool, file: String?, folder: URL?, environment: [String: String], problems: inout [ConfigurationProblem]
    ) -> (values: [String], origin: SecretOrigin)? {
        let direct = environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        let fileFromEnvironment = environment[fileVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let direct {
            if fileFromEnvironment != nil {
                problems.append(ConfigurationProblem(path: fileVariable, message: "is set as well as \(variable); set one of them."))
            }
            // Surrounding whitespace is dropped, as in a file (a value pasted with its newline).
            let values = (isList ? direct.split(separator: separator).map(String.init) : [direct])
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            return (values, SecretOrigin(path: variable, isJSONList: false))
        }
        if let fileFromEnvironment {
            return read(fileFromEnvironment, folder: nil, origin: fileVariable, problems: &problems)
        }
        if let file {
            if hasInline {
                problems.append(ConfigurationProblem(path: path + "File", message: "is given as well as \(path.split(separator: ".").last ?? ""); give one of them."))
            }
            return read(file, folder: folder, origin: path + "File", problems: &problems)
        }
        return nil
    }

    /// The values of the file at `path` (relative to `folder` when given and not absolute).
    private func read(_ path: String, folder: URL?, origin: String, problems: inout [ConfigurationProblem]) -> (values: [String], origin: SecretOrigin)? {
        let url = if let folder, !path.hasPrefix("/") { folder.appendingPathComponent(path) } else { URL(fileURLWithPath: path) }
        let label = SecretOrigin(path: "\(origin) (\(url.path))", isJSONList: false)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "not readable by this user" : "no such file"
            problems.append(ConfigurationProblem(path: origin, message: "\(url.path) cannot be read (\(reason))."))
            return ([], label)
        }
        let text = String(decoding: data, as: UTF8.self)
        let values = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if values.isEmpty {
            problems.append(ConfigurationProblem(path: origin, message: "\(url.path) is empty."))
        } else if !isList, values.count > 1 {
            problems.append(ConfigurationProblem(path: origin, message: "\(url.path) holds \(values.count) lines; it must hold one value."))
        }
        return (values, label)
    }
}
