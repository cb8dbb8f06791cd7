public import Foundation

/// Checks a catalog beyond its JSON shape: unknown action, platform and parameter names, invalid
/// BCP-47 tags, templates that use parameters their action does not declare, missing icons,
/// duplicate ids and (outside development) URLs that are not https.
public struct CatalogLinter: Sendable {
    /// Whether `http:` URLs are accepted (a development catalog on loopback).
    public let development: Bool
    /// The parse limits.
    public let limits: HandlerCatalog.Limits

    /// Creates a linter.
    public init(development: Bool = false, limits: HandlerCatalog.Limits = HandlerCatalog.Limits()) {
        self.development = development
        self.limits = limits
    }

    /// The problems of a document; a document that does not parse has exactly one.
    public func problems(in data: Data) -> [CatalogProblem] {
        do {
            return problems(in: try HandlerCatalog.parse(data, limits: limits))
        } catch let error as PhotoSourceError {
            return [CatalogProblem(.error, at: error.detail ?? "", error.message)]
        } catch {
            return [CatalogProblem(.error, at: "", "\(error)")]
        }
    }

    /// The problems of a parsed catalog, in document order.
    public func problems(in catalog: HandlerCatalog) -> [CatalogProblem] {
        var found: [CatalogProblem] = []
        var firstIndexOfID: [String: Int] = [:]
        for (index, handler) in catalog.handlers.enumerated() {
            let base = ["handlers", String(index)]
            if let first = firstIndexOfID[handler.id] {
                found.append(.init(.error, at: JSONPointer.make(base + ["id"]), "duplicate id “\(handler.id)”, first used by /handlers/\(first)"))
            } else {
                firstIndexOfID[handler.id] = index
            }
            found += HandlerLint(handler: handler, base: base, development: development).problems()
        }
        return found
    }
}
