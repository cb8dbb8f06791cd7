/// A partner (or the shop's own tool) that can take a photo: an editor, a collage maker, another lab.
public struct CatalogHandler: Sendable, Hashable, Codable, Identifiable {
    /// Icon URLs at 1× and 2×.
    public struct Icons: Sendable, Hashable, Codable {
        /// The 1× icon.
        public let x1: String?
        /// The 2× icon.
        public let x2: String?

        /// Creates icon URLs.
        public init(x1: String?, x2: String?) {
            self.x1 = x1
            self.x2 = x2
        }

        enum CodingKeys: String, CodingKey {
            case x1 = "1x"
            case x2 = "2x"
        }
    }

    /// Where a customer signs up for (or installs) the handler, and whether it costs nothing.
    public struct Signup: Sendable, Hashable, Codable {
        /// The signup or store page.
        public let url: String
        /// Whether the handler is free to use.
        public let free: Bool

        /// Creates a signup page entry.
        public init(url: String, free: Bool) {
            self.url = url
            self.free = free
        }
    }

    /// A stable identifier (lowercase letters, digits, `.`, `_`, `-`).
    public let id: String
    /// The name shown to customers.
    public let name: LocalizedText
    /// A one-line description, if any.
    public let description: LocalizedText?
    /// The icons, if any.
    public let icons: Icons?
    /// Where the handler runs: `web`, `ios`, `android`.
    public let platforms: [String]
    /// Whether the handler is offered at all (a partner being set up is not live).
    public let live: Bool
    /// Whether photos can be sent to it.
    public let canSend: Bool
    /// Whether it can send an edited photo back.
    public let canReceive: Bool
    /// The signup or store page, if any.
    public let signup: Signup?
    /// What it does, by action name.
    public let actions: [String: HandlerAction]

    /// Creates a handler.
    public init(
        id: String, name: LocalizedText, description: LocalizedText? = nil, icons: Icons? = nil,
        platforms: [String] = ["web"], live: Bool = true, canSend: Bool = true, canReceive: Bool = false,
        signup: Signup? = nil, actions: [String: HandlerAction]
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.icons = icons
        self.platforms = platforms
        self.live = live
        self.canSend = canSend
        self.canReceive = canReceive
        self.signup = signup
        self.actions = actions
    }

    /// Decodes a handler; `platforms` defaults to `["web"]`, `live` and `canSend` to true, `canReceive` to false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(LocalizedText.self, forKey: .name)
        description = try container.decodeIfPresent(LocalizedText.self, forKey: .description)
        icons = try container.decodeIfPresent(Icons.self, forKey: .icons)
        platforms = try container.decodeIfPresent([String].self, forKey: .platforms) ?? ["web"]
        live = try container.decodeIfPresent(Bool.self, forKey: .live) ?? true
        canSend = try container.decodeIfPresent(Bool.self, forKey: .canSend) ?? true
        canReceive = try container.decodeIfPresent(Bool.self, forKey: .canReceive) ?? false
        signup = try container.decodeIfPresent(Signup.self, forKey: .signup)
        actions = try container.decode([String: HandlerAction].self, forKey: .actions)
    }

    /// Whether a customer on `platform` can be sent to this handler now.
    public func isAvailable(on platform: String) -> Bool {
        live && canSend && platforms.contains(platform)
    }
}
