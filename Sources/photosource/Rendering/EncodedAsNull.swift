/// An optional that JSON writes as `null` when absent, where synthesized `Encodable` would
/// leave the key out: scripts reading `ls --json` find every key on every item.
@propertyWrapper
struct EncodedAsNull<Value: Encodable & Sendable & Equatable>: Encodable, Sendable, Equatable {
    /// The value, or `nil` for `null`.
    var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Writes the value, or `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}
