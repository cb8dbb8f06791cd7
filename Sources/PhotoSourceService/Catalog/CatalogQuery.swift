import Foundation
import Hummingbird
import PhotoSourceKit

/// The query of `GET /v1/catalog`: `action` (optional, one of the catalog's action names),
/// `platform` (`web` by default) and `lang` (comma-separated BCP-47 tags; when absent, the
/// request's `Accept-Language`, most preferred first).
struct CatalogQuery: Sendable, Equatable {
    var action: String?
    var platform: String
    var languages: [String]

    /// Reads the query; an unknown action or platform is a 400 naming the parameter.
    init(_ request: Request) throws {
        let parameters = request.uri.queryParameters
        try self.init(
            action: parameters["action"].map(String.init), platform: parameters["platform"].map(String.init),
            lang: parameters["lang"].map(String.init), acceptLanguage: request.headers[.acceptLanguage])
    }

    init(action: String?, platform: String?, lang: String?, acceptLanguage: String?) throws {
        var problems = FieldProblems()
        if let action {
            problems.check(CatalogVocabulary.actions.contains(action), "action",
                "\"\(action.prefix(40))\" is not an action; the actions are \(CatalogVocabulary.actions.joined(separator: ", ")).")
        }
        let platform = platform ?? "web"
        problems.check(CatalogVocabulary.platforms.contains(platform), "platform",
            "\"\(platform.prefix(40))\" is not a platform; the platforms are \(CatalogVocabulary.platforms.joined(separator: ", ")).")
        guard problems.isEmpty else { throw FieldProblem.problem(problems.all, summary: "The catalog's query has \(problems.all.count) problem(s):") }
        self.action = action
        self.platform = platform
        languages = lang.map(Self.tags(in:)) ?? acceptLanguage.map(Self.acceptedLanguages(in:)) ?? []
    }

    /// `de-CH,en` → `["de-CH", "en"]` (at most 10, each at most 35 characters).
    static func tags(in list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0.count <= 35 }.prefix(10).map { $0 }
    }

    /// An `Accept-Language` value's tags by falling `q` (ties keep their order; `*` and `q=0` left out).
    static func acceptedLanguages(in header: String) -> [String] {
        let weighted = header.split(separator: ",").enumerated().compactMap { index, part -> (tag: String, q: Double, index: Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*", tag.count <= 35 else { return nil }
            let q = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard q > 0 else { return nil }
            return (tag: tag, q: q, index: index)
        }
        return weighted.sorted { ($0.q, -$0.index) > ($1.q, -$1.index) }.prefix(10).map(\.tag)
    }

    /// The `platform` of a request's query when it is a known one, else `web`.
    static func platform(of request: Request) -> String {
        request.uri.queryParameters["platform"].map(String.init).flatMap { CatalogVocabulary.platforms.contains($0) ? $0 : nil } ?? "web"
    }
}
