public import Hummingbird
import NIOCore

/// The request context of the service: Hummingbird's core context plus the client's address,
/// which the rate limiter keys anonymous requests by.
public struct ServiceRequestContext: RequestContext {
    /// Hummingbird's storage.
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address, when the connection has one.
    public let clientAddress: String?

    /// A context for a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }
}
