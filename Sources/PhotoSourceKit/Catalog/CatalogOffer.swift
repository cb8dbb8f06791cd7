/// What a customer is offered for an action: the handlers they can be sent to now, and "more"
/// (PhotoAppLink's "more apps": live handlers they have not used yet, with their signup page
/// carrying the shop's referral parameter).
public struct CatalogOffer: Sendable, Hashable {
    /// One handler as offered to one reader.
    public struct Entry: Sendable, Hashable {
        /// The handler's id.
        public let id: String
        /// The name in the reader's language.
        public let name: String
        /// The description in the reader's language, if any.
        public let description: String?
        /// The icons.
        public let icons: CatalogHandler.Icons?
        /// The signup page with the referral parameter, if the handler has one.
        public let signupURL: String?
        /// Whether the handler is free.
        public let free: Bool?
        /// Whether it can send an edited photo back.
        public let canReceive: Bool
        /// Whether this is the customer's remembered default for the action.
        public let isDefault: Bool
    }

    /// Live handlers that take the action on the reader's platform (not the shop itself), the
    /// remembered default first.
    public let available: [Entry]
    /// Live handlers the customer has not used yet.
    public let more: [Entry]
    /// Whether a new handler appeared since the customer's default was chosen (or it is gone).
    public let askAgain: Bool
}
