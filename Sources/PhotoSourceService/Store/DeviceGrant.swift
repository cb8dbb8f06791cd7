public import Foundation

/// A device-flow sign-in (RFC 8628) as stored: started by one customer session for one source,
/// polled at the provider at most once per ``intervalSeconds``, gone once it succeeds.
public struct DeviceGrant: Sendable, Hashable {
    /// Where the sign-in stands.
    public enum Status: String, Sendable, Hashable {
        /// Waiting for the customer to enter the code at the provider.
        case pending
        /// The customer refused at the provider.
        case denied
        /// The code expired (or the provider no longer knows it) before it was approved.
        case expired
    }

    /// The customer session it is bound to.
    public var session: String
    /// The source signing in.
    public var source: String
    /// The device code, sealed: it never leaves the service.
    public var sealedDeviceCode: Data
    /// Where it stands.
    public var status: Status
    /// Seconds between polls (raised by the provider's `slow_down`).
    public var intervalSeconds: Double
    /// The last time the provider was asked (at first, when the code was issued).
    public var lastPollAt: Date
    /// When the code stops working (the row is purged then).
    public var expiresAt: Date

    /// Creates a device grant.
    public init(
        session: String, source: String, sealedDeviceCode: Data, status: Status, intervalSeconds: Double, lastPollAt: Date, expiresAt: Date
    ) {
        self.session = session
        self.source = source
        self.sealedDeviceCode = sealedDeviceCode
        self.status = status
        self.intervalSeconds = intervalSeconds
        self.lastPollAt = lastPollAt
        self.expiresAt = expiresAt
    }
}
