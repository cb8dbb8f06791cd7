/// One thing a handler does with a photo (`edit`, `print`, …): where to send the customer and
/// which parameters the URL takes.
///
/// ```json
/// "edit": {"url": "https://editor.example/open?img={{imageURL}}&back={{returnURL}}",
///          "required": ["imageURL"], "optional": ["returnURL"],
///          "fallback": "https://editor.example/"}
/// ```
public struct HandlerAction: Sendable, Hashable, Codable {
    /// The URL template (see ``URLTemplate``).
    public let url: String
    /// Parameters the template needs; a launch without one of them fails.
    public let required: [String]
    /// Parameters the template uses when they are given.
    public let optional: [String]
    /// Where to send the customer when the handler cannot be launched (IntentKit's web fallback).
    public let fallback: String?

    /// Creates an action.
    public init(url: String, required: [String] = [], optional: [String] = [], fallback: String? = nil) {
        self.url = url
        self.required = required
        self.optional = optional
        self.fallback = fallback
    }

    /// Decodes an action; `required` and `optional` default to none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        required = try container.decodeIfPresent([String].self, forKey: .required) ?? []
        optional = try container.decodeIfPresent([String].self, forKey: .optional) ?? []
        fallback = try container.decodeIfPresent(String.self, forKey: .fallback)
    }

    /// The parsed template.
    public func template() throws -> URLTemplate { try URLTemplate(url) }

    /// The template filled with `values` (see ``URLTemplate/expand(_:required:optional:)``).
    public func launchURL(_ values: [String: String]) throws -> String {
        try template().expand(values, required: required, optional: optional)
    }
}
