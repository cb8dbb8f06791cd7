/// How a destination's parcel can be followed: the carrier, its tracking number and the
/// carrier's tracking page, as a print lab reports them when it ships (Prodigi's
/// `shipments[].carrier.name` / `.tracking.number` / `.tracking.url`).
public struct DeliveryTracking: Sendable, Hashable, Codable {
    /// The carrier's name (`Royal Mail`, `DHL`…).
    public var carrier: String?
    /// The carrier's tracking number.
    public var number: String?
    /// Where the customer can follow the parcel.
    public var url: String?

    /// Creates tracking details; `nil` fields are unknown.
    public init(carrier: String? = nil, number: String? = nil, url: String? = nil) {
        self.carrier = carrier
        self.number = number
        self.url = url
    }

    /// Whether nothing is known.
    public var isEmpty: Bool { carrier == nil && number == nil && url == nil }
}

extension DestinationReport {
    /// `["tracking": {carrier, number, url}]` for the report's `order.delivery` event, or nothing.
    var trackingEventData: [String: any Sendable] {
        guard let tracking, !tracking.isEmpty else { return [:] }
        var fields: [String: String] = [:]
        fields["carrier"] = tracking.carrier
        fields["number"] = tracking.number
        fields["url"] = tracking.url
        return ["tracking": fields]
    }
}
