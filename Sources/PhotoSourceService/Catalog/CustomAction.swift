public import Foundation
public import PhotoSourceKit

/// One of the shop's own actions listed beside the catalog's handlers (PhotoAppLink's custom
/// sharing buttons), such as "Frame it in our store": choosing it sends the shop a signed
/// `handoff.custom` webhook with a one-time image URL, and the shop's backend does the rest.
public struct CustomAction: Sendable, Hashable, Codable {
    /// A stable identifier (lowercase letters, digits, `.`, `_`, `-`).
    public var id: String
    /// The title shown to customers: one string, or a map of BCP-47 tags to strings.
    public var title: LocalizedText
    /// The icon, if any (https; http only in development).
    public var icon: URL?

    /// Creates a custom action.
    public init(id: String, title: LocalizedText, icon: URL? = nil) {
        self.id = id
        self.title = title
        self.icon = icon
    }
}
