public import Foundation

/// Personal data's retention in the store: an ended order's recipient is erased once the
/// order has not changed for the configured time (``OrderSettings/recipientRetentionDays``).
extension SQLServiceStore {
    public func eraseRecipients(endedBefore date: Date) async throws -> Int {
        let ended = [OrderStatus.delivered, .partiallyDelivered, .failed, .cancelled].map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return try await database.write { db in
            try await db.query(
                "UPDATE orders SET recipient = NULL WHERE recipient IS NOT NULL AND status IN (\(ended)) AND updated_at < ? RETURNING id",
                [.date(date)]
            ).count
        }
    }
}
