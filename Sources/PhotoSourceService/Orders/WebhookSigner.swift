@preconcurrency import Crypto
public import Foundation
import PhotoSourceKit

/// Signs and verifies webhook bodies the way Stripe does: the header
/// `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
///
/// The first key signs; every key verifies (a header may carry several `v1` values), so a key
/// can be rotated in on both sides without losing events. Comparisons take constant time, and
/// a timestamp outside the tolerance is refused, so a captured request cannot be replayed later.
/// The print lab's status callbacks use the same scheme (``PrintLabCallbackVerifier``).
public struct WebhookSigner: Sendable {
    /// `Webhook-Signature`.
    public static let headerName = "Webhook-Signature"
    /// `Webhook-Id`: the event id, repeated on every attempt, for de-duplication.
    public static let idHeaderName = "Webhook-Id"

    /// Why a signature was refused; ``code`` is stable.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The header is missing or not `t=…,v1=…`.
        case malformed
        /// The timestamp is further from now than the tolerance.
        case outsideTolerance
        /// No `v1` value matches any key.
        case mismatch

        /// `signature-malformed`, `signature-expired` or `signature-mismatch`.
        public var code: String {
            switch self {
            case .malformed: "signature-malformed"
            case .outsideTolerance: "signature-expired"
            case .mismatch: "signature-mismatch"
            }
        }

        /// A sentence for logs and problem responses.
        public var description: String {
            switch self {
            case .malformed: "The signature header is missing or not in the form t=<unix>,v1=<hex>."
            case .outsideTolerance: "The signature's timestamp is too far from now (a replay, or a clock that is off)."
            case .mismatch: "The signature does not match the body under any configured key."
            }
        }
    }

    private let keys: [SymmetricKey]

    /// A signer with `secrets` (the shared secrets as written in the configuration, at least 16
    /// bytes each), the first of which signs. Throws `.invalidData` for none or a short one.
    public init(secrets: [String]) throws {
        guard !secrets.isEmpty else { throw PhotoSourceError(.invalidData, "At least one signing secret is needed.") }
        keys = try secrets.map { secret in
            guard secret.utf8.count >= 16 else {
                throw PhotoSourceError(.invalidData, "A signing secret must be at least 16 bytes long; one has \(secret.utf8.count).")
            }
            return SymmetricKey(data: Data(secret.utf8))
        }
    }

    /// The header value for `body` signed at `date` with the first key.
    public func signature(for body: Data, at date: Date = Date()) -> String {
        let timestamp = Int64(date.timeIntervalSince1970.rounded(.down))
        return "t=\(timestamp),v1=\(Hex.string(Self.mac(body, timestamp: timestamp, key: keys[0])))"
    }

    /// Checks `header` against `body`: its timestamp within `tolerance` of `now`, and a `v1` value
    /// that matches under some key. Every key and every `v1` is compared, in constant time.
    public func verify(header: String?, body: Data, now: Date = Date(), tolerance: Duration = .seconds(300)) throws(Refusal) {
        guard let header else { throw .malformed }
        var timestamp: Int64?
        var candidates: [[UInt8]] = []
        for field in header.split(separator: ",") {
            let pair = field.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[0] == "t" { timestamp = Int64(pair[1]) }
            if pair[0] == "v1", let bytes = Self.bytes(hex: pair[1]) { candidates.append(bytes) }
        }
        guard let timestamp, !candidates.isEmpty else { throw .malformed }
        let age = abs(now.timeIntervalSince1970 - Double(timestamp))
        guard age <= Double(tolerance.components.seconds) else { throw .outsideTolerance }
        var matched = false
        for key in keys {
            let expected = Array(Self.mac(body, timestamp: timestamp, key: key))
            for candidate in candidates where SecretHash.constantTimeEqual(candidate, expected) { matched = true }
        }
        guard matched else { throw .mismatch }
    }

    private static func mac(_ body: Data, timestamp: Int64, key: SymmetricKey) -> Data {
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        return Data(HMAC<SHA256>.authenticationCode(for: message, using: key))
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 2 * SHA256.byteCount else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(SHA256.byteCount)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
