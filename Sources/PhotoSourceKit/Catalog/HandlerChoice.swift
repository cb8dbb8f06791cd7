/// A customer's remembered default handler for one action (Choosy), with the handlers that
/// could do that action when it was chosen, so a newcomer makes the next request ask again.
public struct HandlerChoice: Sendable, Hashable, Codable {
    /// The action, such as `edit`.
    public let action: String
    /// The chosen handler's id.
    public let handlerID: String
    /// The ids of the handlers offered for the action when the choice was made.
    public let knownHandlerIDs: Set<String>

    /// Creates a choice.
    public init(action: String, handlerID: String, knownHandlerIDs: Set<String>) {
        self.action = action
        self.handlerID = handlerID
        self.knownHandlerIDs = knownHandlerIDs
    }

    /// What a remembered choice means now that `available` handlers are offered for the action.
    public enum Verdict: Sendable, Hashable {
        /// Use this handler without asking.
        case use(String)
        /// A handler appeared since the choice (or the chosen one is gone): ask again.
        case askAgain
    }

    /// ``Verdict/use(_:)`` while the chosen handler is still offered and no new one appeared;
    /// ``Verdict/askAgain`` otherwise.
    public func verdict(available: [String]) -> Verdict {
        guard available.contains(handlerID), Set(available).isSubset(of: knownHandlerIDs) else { return .askAgain }
        return .use(handlerID)
    }
}
