import HTTPTypes

extension HTTPField.Name {
    /// `Content-MD5` (RFC 1864), which print labs compare after a download.
    static var contentMD5: Self { Self("Content-MD5")! }
    /// `Idempotency-Key`, for the order calls to come.
    static var idempotencyKey: Self { Self("Idempotency-Key")! }
    /// `X-Forwarded-For`, believed only from ``TrafficLimits/trustedProxies``.
    static let xForwardedFor = Self("X-Forwarded-For")!
}
