import Foundation
import PhotoSourceKit

extension CatalogSettings {
    /// Every problem of the `catalog` block, each at its JSON path: the remote URL, the
    /// interval, the referral, the shop's handlers as `photosource catalog lint` sees them
    /// (errors only), and the custom actions' ids, titles and icons.
    func problems() -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        func add(_ path: String, _ message: String) { problems.append(ConfigurationProblem(path: "$.catalog" + path, message: message)) }
        if let url, let problem = urlProblem(url) { add(".url", problem) }
        if !(refreshIntervalSeconds >= 0 && refreshIntervalSeconds.isFinite) {
            add(".refreshIntervalSeconds", "must be 0 or more seconds; \(refreshIntervalSeconds) is not.")
        }
        if let shopHandlerID, shopHandlerID.isEmpty { add(".shopHandlerID", "is empty; give the shop's handler id in the catalog, or leave it out.") }
        if let referral {
            if referral.name.isEmpty { add(".referral.name", "is empty; give the query parameter's name, such as ref.") }
            if referral.value.isEmpty { add(".referral.value", "is empty; give the shop's referral value.") }
        }
        let lint = CatalogLinter(development: development).problems(in: HandlerCatalog(handlers: handlers))
        for problem in lint where problem.severity == .error {
            add(Self.path(ofPointer: problem.pointer), problem.message + ".")
        }
        var seen: Set<String> = []
        for (index, action) in customActions.enumerated() {
            let at = ".customActions[\(index)]"
            if !Self.isIdentifier(action.id) {
                add(at + ".id", "\"\(action.id.prefix(80))\" must be 1–64 lowercase letters, digits, \".\", \"_\" or \"-\".")
            } else if !seen.insert(action.id).inserted {
                add(at + ".id", "\"\(action.id)\" is used twice; give each custom action its own id.")
            }
            if action.title.translations.isEmpty || action.title.translations.values.contains(where: \.isEmpty) {
                add(at + ".title", "is empty; give the text customers see, or a map of language tags to texts.")
            }
            if let icon = action.icon, let problem = urlProblem(icon.absoluteString) { add(at + ".icon", problem) }
        }
        return problems
    }

    /// Why `text` is not an acceptable URL here: not absolute http(s) with a host, or http: outside development.
    private func urlProblem(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, scheme == "https" || scheme == "http"
        else { return "\"\(text.prefix(80))\" is not an absolute https URL." }
        if scheme == "http", !development {
            return "\"\(text.prefix(80))\" is http:; use https (http: is accepted only with \"development\": true)."
        }
        return nil
    }

    /// A linter's JSON pointer (`/handlers/0/actions/edit/url`) as a JSON path suffix (`.handlers[0].actions.edit.url`).
    static func path(ofPointer pointer: String) -> String {
        pointer.split(separator: "/", omittingEmptySubsequences: true).map { part in
            let token = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            return Int(token) != nil ? "[\(token)]" : "." + token
        }.joined()
    }

    static func isIdentifier(_ id: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        return (1...64).contains(id.count) && id.allSatisfy(allowed.contains)
    }
}
