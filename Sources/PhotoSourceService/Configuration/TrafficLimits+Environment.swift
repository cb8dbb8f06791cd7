import Foundation

extension TrafficLimits {
    /// The environment variable overriding `key`: `PHOTOSOURCE_TRAFFIC_` and the field's name in
    /// capitals with `_` between words (`maximumConnections` → `PHOTOSOURCE_TRAFFIC_MAXIMUM_CONNECTIONS`).
    static func variable(for key: Keys) -> String {
        var name = "PHOTOSOURCE_TRAFFIC_"
        for character in key.rawValue {
            if character.isUppercase { name.append("_") }
            name += character.uppercased()
        }
        return name
    }

    /// Every variable, one per field, in the fields' order.
    static var environmentVariables: [String] { Keys.allCases.map(variable(for:)) }

    /// Applies the `PHOTOSOURCE_TRAFFIC_*` variables set in `environment` (one per field; counts
    /// as whole numbers above 0, timeouts as positive seconds, `TRUSTED_PROXIES` as a
    /// comma-separated list of IP addresses, empty for none). A value that cannot be used leaves
    /// the field as the file set it and is a problem named by its variable.
    mutating func applyEnvironment(_ environment: [String: String], problems: inout [ConfigurationProblem]) {
        for key in Keys.allCases {
            let name = Self.variable(for: key)
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces) else { continue }
            func count(_ apply: (inout Self, Int) -> Void) {
                guard let value = Int(text), value > 0 else {
                    return problems.append(ConfigurationProblem(path: name, message: "\"\(text)\" is not a whole number above 0."))
                }
                apply(&self, value)
            }
            func seconds(_ apply: (inout Self, Double) -> Void) {
                guard let value = Double(text), value > 0, value.isFinite else {
                    return problems.append(ConfigurationProblem(path: name, message: "\"\(text)\" is not a positive number of seconds."))
                }
                apply(&self, value)
            }
            switch key {
            case .maximumConnections: count { $0.maximumConnections = $1 }
            case .signedAssetRequestsPerMinute: count { $0.signedAssetRequestsPerMinute = $1 }
            case .sessionsPerMinute: count { $0.sessionsPerMinute = $1 }
            case .rateLimiterCapacity: count { $0.rateLimiterCapacity = $1 }
            case .headerTimeoutSeconds: seconds { $0.headerTimeoutSeconds = $1 }
            case .bodyTimeoutSeconds: seconds { $0.bodyTimeoutSeconds = $1 }
            case .idleTimeoutSeconds: seconds { $0.idleTimeoutSeconds = $1 }
            case .trustedProxies:
                let proxies = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let refused = proxies.filter { ClientAddressPolicy.normalised($0) == nil }
                guard refused.isEmpty else {
                    let list = refused.map { "\"\($0)\"" }.joined(separator: ", ")
                    problems.append(ConfigurationProblem(path: name, message: "\(list) \(refused.count == 1 ? "is" : "are") not an IPv4 or IPv6 address."))
                    continue
                }
                trustedProxies = proxies
            }
        }
    }
}
