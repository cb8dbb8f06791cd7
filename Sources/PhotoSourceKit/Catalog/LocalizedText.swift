/// A text a catalog gives either as one string or as a map of BCP-47 language tags to strings.
///
/// ```json
/// "name": "Photopea"
/// "name": {"en": "Photo Editor", "de": "Fotoeditor"}
/// ```
public struct LocalizedText: Sendable, Hashable, Codable {
    /// The text per language tag; a plain string is stored under the empty tag.
    public let translations: [String: String]

    /// A text that is the same in every language.
    public init(_ text: String) {
        self.translations = ["": text]
    }

    /// A text per BCP-47 tag.
    public init(translations: [String: String]) {
        self.translations = translations
    }

    /// Decodes a string or an object of strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.init(text)
        } else {
            self.init(translations: try container.decode([String: String].self))
        }
    }

    /// Encodes a plain text as a string, translations as an object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let plain = translations[""], translations.count == 1 {
            try container.encode(plain)
        } else {
            try container.encode(translations)
        }
    }

    /// The language tags this text names (none for a plain string).
    public var languageTags: [String] { translations.keys.filter { !$0.isEmpty }.sorted() }

    /// The text for a reader who prefers `languages` (most preferred first): the first exact
    /// tag match, else the first whose language part matches (`de-CH` reads `de`, `de` reads `de-AT`),
    /// then `en`, then any (the alphabetically first tag, so the answer is stable).
    public func resolved(for languages: [String]) -> String {
        if let plain = translations[""] { return plain }
        let byLowercasedTag = Dictionary(
            translations.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        for language in languages.map({ $0.lowercased() }) {
            if let exact = byLowercasedTag[language] { return exact }
            let primary = Self.primaryLanguage(of: language)
            if let match = byLowercasedTag.keys.sorted().first(where: { Self.primaryLanguage(of: $0) == primary }) {
                return byLowercasedTag[match] ?? ""
            }
        }
        if let english = byLowercasedTag["en"] { return english }
        if let anyEnglish = byLowercasedTag.keys.sorted().first(where: { Self.primaryLanguage(of: $0) == "en" }) {
            return byLowercasedTag[anyEnglish] ?? ""
        }
        return byLowercasedTag.keys.sorted().first.flatMap { byLowercasedTag[$0] } ?? ""
    }

    private static func primaryLanguage(of tag: String) -> Substring {
        tag.split(separator: "-", maxSplits: 1).first ?? Substring(tag)
    }
}
