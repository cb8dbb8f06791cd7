import Foundation

extension StoreOrderRows {
    /// Writes what the checkout sent beyond the photos (recipient, shipping method, each line's
    /// layout) into the order just inserted, in the same transaction.
    static func writeDetails(_ db: any StoreConnection, of order: OrderRecord) async throws {
        if order.recipient != nil || order.shippingMethod != nil {
            _ = try await db.query(
                "UPDATE orders SET recipient = ?, shipping_method = ? WHERE id = ?",
                [try json(order.recipient), .text(order.shippingMethod), .text(order.id)])
        }
        for item in order.items where !item.layout.isDefault {
            _ = try await db.query(
                "UPDATE order_items SET layout = ? WHERE order_id = ? AND idx = ?", [try json(item.layout), .text(order.id), .integer(item.index)])
        }
    }

    /// Reads the recipient, shipping method and line layouts into `record`.
    static func readDetails(_ db: any StoreConnection, into record: inout OrderRecord) async throws {
        let row = try await db.query("SELECT recipient, shipping_method FROM orders WHERE id = ?", [.text(record.id)]).first
        record.recipient = row?.string("recipient").flatMap { try? JSONDecoder().decode(OrderRecipient.self, from: Data($0.utf8)) }
        record.shippingMethod = row?.string("shipping_method")
        let layouts = try await db.query(
            "SELECT idx, layout FROM order_items WHERE order_id = ? AND layout IS NOT NULL", [.text(record.id)])
        for layout in layouts {
            guard let index = layout.int("idx"), record.items.indices.contains(index),
                let text = layout.string("layout"),
                let decoded = try? JSONDecoder().decode(OrderLineLayout.self, from: Data(text.utf8))
            else { continue }
            record.items[index].layout = decoded
        }
    }

    private static func json(_ value: (some Encodable)?) throws -> StoreValue {
        guard let value else { return .null }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
