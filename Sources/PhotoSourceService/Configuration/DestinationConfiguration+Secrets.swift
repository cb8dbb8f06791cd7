import Foundation

extension DestinationConfiguration {
    /// The variables' prefix for this destination: `PHOTOSOURCE_DESTINATION_` and the id in
    /// capitals, other characters than letters and digits as `_` (`lab-eu` → `PHOTOSOURCE_DESTINATION_LAB_EU`).
    var variablePrefix: String {
        "PHOTOSOURCE_DESTINATION_" + String(id.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// The entry with its secrets read from the environment and files (``SecretSetting``): a
    /// `printLab`'s `apiKey` (`apiKeyFile`, `…_API_KEY`) and `callbackSecrets`
    /// (`callbackSecretsFile`, `…_CALLBACK_SECRETS`), an `httpUpload`'s `headers` (`headersFile`,
    /// `…_HEADERS`: `Name: value` lines). `path` is the entry's (`$.destinations[1]`).
    func withSecrets(at path: String, environment: [String: String], folder: URL?, problems: inout [ConfigurationProblem]) -> DestinationConfiguration {
        guard case .object(var fields) = settings else { return self }
        func string(_ key: String) -> String? {
            if case .string(let value)? = fields[key] { value } else { nil }
        }
        func resolve(_ field: String, variable: String, isList: Bool, separator: Character = ",") -> [String]? {
            let setting = SecretSetting(path: "\(path).\(field)", variable: "\(variablePrefix)_\(variable)", isList: isList, separator: separator)
            let hasInline = fields[field].map { $0 != .null && $0 != .array([]) && $0 != .object([:]) } ?? false
            let resolved = setting.resolve(hasInline: hasInline, file: string(field + "File"), folder: folder, environment: environment, problems: &problems)
            if resolved != nil { fields[field + "File"] = nil }
            return resolved?.values
        }
        switch kind {
        case "printLab":
            if let key = resolve("apiKey", variable: "API_KEY", isList: false) {
                fields["apiKey"] = .string(key.first ?? "")
            }
            if let secrets = resolve("callbackSecrets", variable: "CALLBACK_SECRETS", isList: true) {
                fields["callbackSecrets"] = .array(secrets.map(JSONValue.string))
            }
        case "httpUpload":
            if let lines = resolve("headers", variable: "HEADERS", isList: true, separator: "\n") {
                var headers: [String: JSONValue] = [:]
                for (number, line) in lines.enumerated() {
                    guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                        // The line itself may be a credential: never shown.
                        problems.append(ConfigurationProblem(path: "\(path).headers", message: "header \(number + 1) is not \"Name: value\"."))
                        continue
                    }
                    headers[String(line[..<colon])] = .string(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                fields["headers"] = .object(headers)
            }
        default:
            return self
        }
        var entry = self
        entry.settings = .object(fields)
        return entry
    }
}
