/// A stage a print lab reports for an order, in the order a lab goes through them:
/// `received → downloaded → printed → shipped`, or `failed` (or `cancelled`) at any point before `shipped`.
///
/// Stages move forward only. Labs send callbacks concurrently and retry them, so an older stage
/// can arrive after a newer one (`printed` after `shipped`), and a lab can contradict itself
/// (`shipped` after `failed`, `failed` after `shipped`): such a report is kept as an event but
/// changes nothing (``advances(from:)``). `shipped`, `failed` and `cancelled` are final; a lab that ships
/// what it confirmed cancelled is flagged (`shippedAfterCancel`), never silent.
public enum PrintLabStage: String, Sendable, Hashable, Codable, CaseIterable {
    /// The lab has the order.
    case received
    /// The lab fetched every asset and their MD5s matched: the delivery is done.
    case downloaded
    /// The prints exist.
    case printed
    /// The prints left the lab.
    case shipped
    /// The lab gave up on the order (an asset it could not fetch, an MD5 mismatch…).
    case failed
    /// The lab confirmed that it cancelled the order (its answer to our cancel request, or its own callback).
    case cancelled

    /// Where the stage lies on the way; the two final stages share the last place.
    private var position: Int {
        switch self {
        case .received: 1
        case .downloaded: 2
        case .printed: 3
        case .shipped, .failed, .cancelled: 4
        }
    }

    /// Whether nothing may follow this stage.
    public var isFinal: Bool { position == 4 }

    /// Whether a report of this stage moves a delivery that is at `current` (`nil`: no stage yet)
    /// forward. A stage equal to or older than the current one, or anything after a final one, does not.
    public func advances(from current: PrintLabStage?) -> Bool {
        guard let current else { return true }
        return position > current.position
    }

    /// The delivery state this stage ends the delivery in, if it ends it: a lab that has the
    /// assets (`downloaded` or later) was delivered to; `failed` failed.
    var deliveryState: DeliveryState? {
        switch self {
        case .received: nil
        case .downloaded, .printed, .shipped: .delivered
        case .failed: .failed
        case .cancelled: .cancelled
        }
    }
}
