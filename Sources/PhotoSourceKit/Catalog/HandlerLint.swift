import Foundation

/// The checks of one handler, for ``CatalogLinter``.
struct HandlerLint {
    let handler: CatalogHandler
    let base: [String]
    let development: Bool

    func problems() -> [CatalogProblem] {
        var found: [CatalogProblem] = []
        let idCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        if handler.id.isEmpty || handler.id.count > 64 || !handler.id.allSatisfy({ idCharacters.contains($0) }) {
            found.append(error(["id"], "id “\(handler.id.prefix(80))” must be 1–64 lowercase letters, digits, “.”, “_” or “-”"))
        }
        found += text(handler.name, at: ["name"])
        if let description = handler.description { found += text(description, at: ["description"]) }
        found += icons()
        for (index, platform) in handler.platforms.enumerated() where !CatalogVocabulary.platforms.contains(platform) {
            found.append(error(["platforms", String(index)], "unknown platform “\(platform)”; known: \(CatalogVocabulary.platforms.joined(separator: ", "))"))
        }
        if let signup = handler.signup { found += url(signup.url, at: ["signup", "url"]) }
        if handler.actions.isEmpty { found.append(error(["actions"], "the handler declares no action")) }
        for (name, action) in handler.actions.sorted(by: { $0.key < $1.key }) {
            found += self.action(action, named: name)
        }
        return found
    }

    private func action(_ action: HandlerAction, named name: String) -> [CatalogProblem] {
        let at = ["actions", name]
        guard CatalogVocabulary.actions.contains(name) else {
            return [error(at, "unknown action “\(name)”; known: \(CatalogVocabulary.actions.joined(separator: ", "))")]
        }
        var found: [CatalogProblem] = []
        for (list, names) in [("required", action.required), ("optional", action.optional)] {
            for (index, parameter) in names.enumerated() where !CatalogVocabulary.parameters.contains(parameter) {
                found.append(error(at + [list, String(index)],
                    "unknown parameter “\(parameter)”; the service fills: \(CatalogVocabulary.parameters.joined(separator: ", "))"))
            }
        }
        do {
            let declared = Set(action.required + action.optional)
            for parameter in try action.template().parameterNames.sorted() where !declared.contains(parameter) {
                found.append(error(at + ["url"], "the template uses “\(parameter)”, which is neither required nor optional"))
            }
            found += url(action.url, at: at + ["url"])
        } catch let failure as PhotoSourceError {
            found.append(error(at + ["url"], failure.message))
        } catch {
            found.append(self.error(at + ["url"], "\(error)"))
        }
        if let fallback = action.fallback { found += url(fallback, at: at + ["fallback"]) }
        return found
    }

    private func icons() -> [CatalogProblem] {
        guard let icons = handler.icons, let x1 = icons.x1 else {
            return [error(["icons", "1x"], "the handler has no 1x icon")]
        }
        guard let x2 = icons.x2 else {
            return url(x1, at: ["icons", "1x"]) + [CatalogProblem(.warning, at: pointer(["icons", "2x"]), "the handler has no 2x icon")]
        }
        return url(x1, at: ["icons", "1x"]) + url(x2, at: ["icons", "2x"])
    }

    private func text(_ text: LocalizedText, at path: [String]) -> [CatalogProblem] {
        var found: [CatalogProblem] = []
        if text.translations.values.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            found.append(error(path, "a text is empty"))
        }
        for tag in text.languageTags where !LanguageTag.isWellFormed(tag) {
            found.append(error(path + [tag], "“\(tag)” is not a BCP-47 language tag (like en, de-CH, zh-Hant)"))
        }
        return found
    }

    /// https only (http too in development); a template is judged by what precedes its first placeholder.
    private func url(_ text: String, at path: [String]) -> [CatalogProblem] {
        let lowered = text.lowercased()
        if lowered.hasPrefix("https://") { return [] }
        if development, lowered.hasPrefix("http://") { return [] }
        let allowed = development ? "https or http (development)" : "https"
        return [error(path, "“\(text.prefix(80))” is not an \(allowed) URL")]
    }

    private func error(_ path: [String], _ message: String) -> CatalogProblem {
        CatalogProblem(.error, at: pointer(path), message)
    }

    private func pointer(_ path: [String]) -> String { JSONPointer.make(base + path) }
}
