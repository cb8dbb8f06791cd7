public import Foundation
public import PhotoSourceKit

/// What the service remembers about a customer's handlers (issue 21, Choosy and PhotoAppLink):
/// the default chosen per action, and which handlers they have sent photos to. Everything is
/// keyed by ``CustomerSession/customerKey``, so a returning customer (the same `customer`, a new
/// session) keeps it, and a session without one keeps it for itself.
public protocol HandlerStore: Sendable {
    /// Remembers `choice` as the customer's default for `choice.action`, replacing an earlier one.
    func rememberChoice(_ choice: HandlerChoice, customerKey: String) async throws
    /// The customer's remembered default for `action`, or `nil`.
    func choice(action: String, customerKey: String) async throws -> HandlerChoice?
    /// Records that the customer sent a photo to `handlerID` at `at` (the latest time is kept).
    func markHandlerUsed(_ handlerID: String, customerKey: String, at: Date) async throws
    /// The ids of every handler the customer has sent a photo to.
    func usedHandlers(customerKey: String) async throws -> Set<String>
    /// Forgets every remembered default of the customer (the reset); used handlers stay.
    func forgetChoices(customerKey: String) async throws
}
