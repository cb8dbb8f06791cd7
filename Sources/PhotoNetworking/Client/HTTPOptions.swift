/// Per-request limits and policies. The defaults suit URLs that come from untrusted data.
public struct HTTPOptions: Sendable {
    /// How long connecting (DNS, TCP, TLS) may take.
    public var connectTimeout: Duration = .seconds(10)
    /// How long one attempt may take in all, body included.
    public var totalTimeout: Duration = .seconds(60)
    /// Abort when fewer than `bytesPerSecond` arrive for `duration` (whole seconds, at least 1).
    public var lowSpeedLimit: (bytesPerSecond: Int, duration: Duration) = (1, .seconds(15))
    /// How many redirects to follow; one more fails the request.
    public var maxRedirects: Int = 5
    /// The largest body accepted, checked against `Content-Length` before the body arrives
    /// and again while it streams (after decoding, when ``acceptEncoding`` is on).
    public var maxBodyBytes: Int = 100 << 20
    /// Whether to send `Accept-Encoding` and decode compressed bodies.
    public var acceptEncoding: Bool = false
    /// Which hosts and addresses may be contacted, for the request and for every redirect.
    public var addressPolicy: AddressPolicy = .publicOnly
    /// How failed attempts are retried.
    public var retry: RetryPolicy = .default
    /// Test hook, like `curl --resolve`: `host:port:address` entries that bypass DNS.
    /// The connect-time address check still applies to the address given.
    var resolveOverrides: [String] = []

    /// Creates options with the defaults, changing the ones given.
    public init(
        connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(60),
        lowSpeedLimit: (bytesPerSecond: Int, duration: Duration) = (1, .seconds(15)),
        maxRedirects: Int = 5, maxBodyBytes: Int = 100 << 20, acceptEncoding: Bool = false,
        addressPolicy: AddressPolicy = .publicOnly, retry: RetryPolicy = .default
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.lowSpeedLimit = lowSpeedLimit
        self.maxRedirects = maxRedirects
        self.maxBodyBytes = maxBodyBytes
        self.acceptEncoding = acceptEncoding
        self.addressPolicy = addressPolicy
        self.retry = retry
    }
}
