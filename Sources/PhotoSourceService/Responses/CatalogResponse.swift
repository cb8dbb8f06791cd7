import Foundation
import PhotoSourceKit

/// The body of `GET /v1/catalog`: the handlers for the action (`available`, the remembered
/// default first), those the customer has not used yet (`more`), whether to ask again, and the
/// shop's own actions (`custom`). Absent values are `null`, so clients see every field.
struct CatalogResponse: Encodable {
    /// One handler as offered.
    struct Handler: Encodable {
        let id: String
        let name: String
        let description: String?
        /// Signed service URLs by `1x` / `2x`; `nil` without icons.
        let icons: [String: String]?
        let actions: [String]
        let canReceive: Bool
        let isDefault: Bool
        let signupURL: String?
        let free: Bool?

        private enum CodingKeys: String, CodingKey {
            case id, name, description, icons, actions, canReceive, isDefault, signupURL, free
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(description, forKey: .description)
            try container.encode(icons, forKey: .icons)
            try container.encode(actions, forKey: .actions)
            try container.encode(canReceive, forKey: .canReceive)
            try container.encode(isDefault, forKey: .isDefault)
            try container.encode(signupURL, forKey: .signupURL)
            try container.encode(free, forKey: .free)
        }
    }

    /// One of the shop's own actions.
    struct Custom: Encodable {
        let id: String
        let title: String
        /// A signed service URL, or `nil`.
        let icon: String?

        private enum CodingKeys: String, CodingKey { case id, title, icon }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(icon, forKey: .icon)
        }
    }

    let action: String?
    let askAgain: Bool
    let available: [Handler]
    let more: [Handler]
    let custom: [Custom]

    private enum CodingKeys: String, CodingKey { case action, askAgain, available, more, custom }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(askAgain, forKey: .askAgain)
        try container.encode(available, forKey: .available)
        try container.encode(more, forKey: .more)
        try container.encode(custom, forKey: .custom)
    }
}
