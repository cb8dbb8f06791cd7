extension HandlerCatalog {
    /// Who is asking, for ``offer(for:)``.
    public struct OfferRequest: Sendable, Hashable {
        /// A referral parameter for signup links.
        public struct Referral: Sendable, Hashable, Codable {
            /// The query parameter's name (`ref`).
            public var name: String
            /// The shop's value.
            public var value: String

            /// Creates a referral parameter.
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        /// The action (`edit`, …), or `nil` for every handler.
        public var action: String?
        /// The reader's platform (`web`, `ios`, `android`).
        public var platform: String
        /// The reader's preferred languages, most preferred first.
        public var languages: [String]
        /// The ids of the handlers the customer has used.
        public var used: Set<String>
        /// The customer's remembered choice for the action, if any.
        public var choice: HandlerChoice?
        /// The shop's own handler id, never offered to its own customers.
        public var shopHandlerID: String?
        /// The shop's referral parameter (`name`, `value`), appended to signup links.
        public var referral: Referral?

        /// Creates a request.
        public init(
            action: String?, platform: String = "web", languages: [String] = [], used: Set<String> = [],
            choice: HandlerChoice? = nil, shopHandlerID: String? = nil, referral: Referral? = nil
        ) {
            self.action = action
            self.platform = platform
            self.languages = languages
            self.used = used
            self.choice = choice
            self.shopHandlerID = shopHandlerID
            self.referral = referral
        }
    }

    /// The ``CatalogOffer`` for one reader: `available` (live, can be sent to, on the platform,
    /// declaring the action, not the shop itself; the remembered default first unless a new
    /// handler appeared) and `more` (live, not the shop, declaring the action, not used yet).
    public func offer(for request: OfferRequest) -> CatalogOffer {
        let candidates = handlers.filter { handler in
            handler.live && handler.id != request.shopHandlerID && (request.action.map { handler.actions[$0] != nil } ?? true)
        }
        let available = candidates.filter { $0.isAvailable(on: request.platform) }
        let verdict = request.choice.map { $0.verdict(available: available.map(\.id)) }
        let defaultID: String? = if case .use(let id) = verdict { id } else { nil }
        let ordered = available.filter { $0.id == defaultID } + available.filter { $0.id != defaultID }
        let more = candidates.filter { !request.used.contains($0.id) }
        return CatalogOffer(
            available: ordered.map { entry($0, request, isDefault: $0.id == defaultID) },
            more: more.map { entry($0, request, isDefault: false) },
            askAgain: verdict == .askAgain)
    }

    private func entry(_ handler: CatalogHandler, _ request: OfferRequest, isDefault: Bool) -> CatalogOffer.Entry {
        CatalogOffer.Entry(
            id: handler.id, name: handler.name.resolved(for: request.languages),
            description: handler.description?.resolved(for: request.languages), icons: handler.icons,
            signupURL: handler.signup.map { signup in
                request.referral.map { ReferralLink.appending($0.name, $0.value, to: signup.url) } ?? signup.url
            },
            free: handler.signup?.free, canReceive: handler.canReceive, isDefault: isDefault)
    }
}
