public import Foundation
import SQLiteNIO

/// Personal data's retention in the SQLite store: an ended order's recipient is erased once the
/// order has not changed for the configured time (``OrderSettings/recipientRetentionDays``).
extension SQLiteServiceStore {
    public func eraseRecipients(endedBefore date: Date) async throws -> Int {
        let ended = [OrderStatus.delivered, .partiallyDelivered, .failed, .cancelled].map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return try await transactor.write { db in
            try await db.query(
                "UPDATE orders SET recipient = NULL WHERE recipient IS NOT NULL AND status IN (\(ended)) AND updated_at < ? RETURNING id",
                [.float(date.timeIntervalSince1970)]
            ).count
        }
    }
}
