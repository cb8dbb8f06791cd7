public import Foundation
public import PhotoSourceKit

extension SQLServiceStore {
    /// Remembers `choice`, replacing the customer's earlier default for the action.
    public func rememberChoice(_ choice: HandlerChoice, customerKey: String) async throws {
        _ = try await database.shared.query(
            """
            INSERT INTO handler_choices (customer_key, action, handler_id, known_handler_ids) VALUES (?, ?, ?, ?)
            ON CONFLICT (customer_key, action) DO UPDATE SET handler_id = excluded.handler_id, known_handler_ids = excluded.known_handler_ids
            """,
            [.text(customerKey), .text(choice.action), .text(choice.handlerID), .text(Self.encodedIDs(choice.knownHandlerIDs))])
    }

    /// The customer's remembered default for `action`.
    public func choice(action: String, customerKey: String) async throws -> HandlerChoice? {
        let rows = try await database.shared.query(
            "SELECT handler_id, known_handler_ids FROM handler_choices WHERE customer_key = ? AND action = ?",
            [.text(customerKey), .text(action)])
        guard let row = rows.first, let handler = row.string("handler_id"), let known = row.string("known_handler_ids") else { return nil }
        return HandlerChoice(action: action, handlerID: handler, knownHandlerIDs: Self.decodedIDs(known))
    }

    /// Records a send to `handlerID`, keeping the latest time.
    public func markHandlerUsed(_ handlerID: String, customerKey: String, at: Date) async throws {
        _ = try await database.shared.query(
            """
            INSERT INTO handlers_used (customer_key, handler_id, used_at) VALUES (?, ?, ?)
            ON CONFLICT (customer_key, handler_id) DO UPDATE SET used_at = excluded.used_at
            """,
            [.text(customerKey), .text(handlerID), .date(at)])
    }

    /// Every handler the customer has sent a photo to.
    public func usedHandlers(customerKey: String) async throws -> Set<String> {
        let rows = try await database.shared.query("SELECT handler_id FROM handlers_used WHERE customer_key = ?", [.text(customerKey)])
        return Set(rows.compactMap { $0.string("handler_id") })
    }

    /// Forgets every remembered default of the customer.
    public func forgetChoices(customerKey: String) async throws {
        _ = try await database.shared.query("DELETE FROM handler_choices WHERE customer_key = ?", [.text(customerKey)])
    }

    /// Known handler ids as stored: a sorted JSON array (ids are plain catalog ids, but JSON keeps any text intact).
    private static func encodedIDs(_ ids: Set<String>) -> String {
        (try? String(decoding: JSONEncoder().encode(ids.sorted()), as: UTF8.self)) ?? "[]"
    }

    private static func decodedIDs(_ text: String) -> Set<String> {
        Set((try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? [])
    }
}
