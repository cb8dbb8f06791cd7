public import Foundation

/// One event for the shop's webhook: `{"id", "type", "createdAt", "data"}`, where `id` stays
/// the same on every delivery attempt so the shop can drop repeats (at-least-once delivery).
public struct WebhookEvent: Sendable, Hashable {
    /// `order.updated`.
    public static let orderUpdated = "order.updated"

    /// The event id, unique per event and repeated on retries (also sent as `Webhook-Id`).
    public var id: String
    /// The event type, such as ``orderUpdated``.
    public var type: String
    /// When the event happened.
    public var createdAt: Date
    /// The event's `data` object, already JSON-encoded (so an outbox row can keep it as is).
    public var data: Data

    /// Creates an event from JSON bytes for `data`.
    public init(id: String, type: String = WebhookEvent.orderUpdated, createdAt: Date = Date(), data: Data) {
        self.id = id
        self.type = type
        self.createdAt = createdAt
        self.data = data
    }

    /// Creates an event, encoding `data` as JSON.
    public init(id: String, type: String = WebhookEvent.orderUpdated, createdAt: Date = Date(), encoding data: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        self.init(id: id, type: type, createdAt: createdAt, data: try encoder.encode(data))
    }

    /// The request body: the envelope with `data` spliced in byte for byte (empty data becomes `{}`).
    public var body: Data {
        let encoder = JSONEncoder()
        func quoted(_ text: String) -> Data { (try? encoder.encode(text)) ?? Data("\"\"".utf8) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var body = Data("{\"id\":".utf8)
        body.append(quoted(id))
        body.append(Data(",\"type\":".utf8))
        body.append(quoted(type))
        body.append(Data(",\"createdAt\":".utf8))
        body.append(quoted(formatter.string(from: createdAt)))
        body.append(Data(",\"data\":".utf8))
        body.append(data.isEmpty ? Data("{}".utf8) : data)
        body.append(Data("}".utf8))
        return body
    }
}
