import Foundation
import PhotoSourceKit

extension ServiceConfiguration {
    /// The problems of the destinations (distinct ids, a known kind, each kind's own fields) and
    /// of the order settings.
    func orderProblems() -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        func add(_ path: String, _ message: String) { problems.append(ConfigurationProblem(path: path, message: message)) }
        var seen: Set<String> = []
        for (index, destination) in destinations.enumerated() {
            let path = "$.destinations[\(index)]"
            if destination.id.isEmpty || destination.id.contains("/") {
                add(path + ".id", "\"\(destination.id)\" is not an id; use letters, digits and dashes.")
            } else if !seen.insert(destination.id).inserted {
                add(path + ".id", "\"\(destination.id)\" is used by an earlier destination; every destination needs its own id.")
            }
            problems += Self.kindProblems(destination, at: path)
            if destination.enabled { problems += DestinationFileSettings.problems(of: destination, at: path) }
        }
        let checks: [(String, Bool, String)] = [
            ("leaseSeconds", orders.leaseSeconds >= 1, "must be at least 1; \(orders.leaseSeconds) is not."),
            ("pollIntervalSeconds", orders.pollIntervalSeconds > 0, "must be more than 0; \(orders.pollIntervalSeconds) is not."),
            ("retryBaseSeconds", orders.retryBaseSeconds > 0, "must be more than 0; \(orders.retryBaseSeconds) is not."),
            ("retryMaximumSeconds", orders.retryMaximumSeconds >= orders.retryBaseSeconds,
             "must be at least retryBaseSeconds (\(orders.retryBaseSeconds)); \(orders.retryMaximumSeconds) is not."),
            ("maximumAttempts", orders.maximumAttempts >= 1, "must be at least 1; \(orders.maximumAttempts) is not."),
            ("workers", orders.workers >= 1, "must be at least 1; \(orders.workers) is not."),
            ("eventStreamSeconds", orders.eventStreamSeconds > 0, "must be more than 0; \(orders.eventStreamSeconds) is not."),
            ("recipientRetentionDays", orders.recipientRetentionDays > 0, "must be more than 0; \(orders.recipientRetentionDays) is not."),
            ("idempotencySeconds", orders.idempotencySeconds >= 60, "must be at least 60 (a checkout's retries come within it); \(orders.idempotencySeconds) is not."),
        ]
        for (name, valid, message) in checks where !valid { add("$.orders." + name, message) }
        return problems
    }

    /// The problems of one enabled destination's kind-specific fields, at `path`
    /// (`$.destinations[1]`): an unknown kind, a `folder` without an absolute `root`, and whatever
    /// the `httpUpload` and `printLab` decoding finds. A disabled entry is not built, so its fields
    /// are kept as written and checked when it is enabled.
    private static func kindProblems(_ destination: DestinationConfiguration, at path: String) -> [ConfigurationProblem] {
        guard destination.enabled else { return [] }
        switch destination.kind {
        case "folder":
            guard case .object(let fields) = destination.settings, case .string(let root)? = fields["root"], root.hasPrefix("/") else {
                return [ConfigurationProblem(path: path + ".root", message: "must be an absolute folder path, such as /srv/orders.")]
            }
            return []
        case "httpUpload", "printLab":
            let log = ConfigurationProblemLog(root: path)
            let decoder = JSONDecoder()
            decoder.userInfo[ConfigurationProblemLog.userInfoKey] = log
            do {
                _ = try decoder.decode(RemoteDestinationEntry.self, from: try JSONEncoder().encode(destination.settings))
            } catch {
                log.add(error)
            }
            return log.problems
        case let kind where OrderDestinationKinds.builtIn[kind] != nil:
            return []
        case let kind:
            return [ConfigurationProblem(
                path: path + ".kind",
                message: "\"\(kind)\" is not a destination kind; the kinds are \(OrderDestinationKinds.builtIn.keys.sorted().joined(separator: ", ")).")]
        }
    }
}
