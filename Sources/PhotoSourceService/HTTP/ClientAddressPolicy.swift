import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which address a request is limited by: the connection's own, or, when that connection comes
/// from a configured trusted proxy, the address the proxy forwarded for (`X-Forwarded-For`).
///
/// `X-Forwarded-For` is read right to left: each trusted proxy appends the address it received
/// from, so the first entry from the right that is not a trusted proxy is the client as far as
/// anything trustworthy saw it; entries to its left are whatever the client claimed and are
/// ignored. A malformed entry stops the walk at the last trustworthy hop. Anyone else's header
/// is ignored altogether, so a client cannot pick its own bucket.
struct ClientAddressPolicy: Sendable {
    private let trustedProxies: Set<String>

    /// A policy believing `X-Forwarded-For` from `trustedProxies` (IP literals) only.
    init(trustedProxies: [String]) {
        self.trustedProxies = Set(trustedProxies.compactMap(Self.normalised))
    }

    /// The address to limit by, for a connection from `peer` with these `X-Forwarded-For` values.
    func clientAddress(peer: String?, forwardedFor: [String]) -> String? {
        guard var client = peer.flatMap(Self.normalised) else { return peer }
        guard trustedProxies.contains(client), !forwardedFor.isEmpty else { return client }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard trustedProxies.contains(client), let address = Self.normalised(hop) else { break }
            client = address
        }
        return client
    }

    /// The rate-limit bucket of `address`: IPv6 clients by their /64 (one customer's network
    /// hands out a whole /64, so single addresses are free to an attacker), IPv4 by address.
    static func bucket(of address: String?) -> String {
        guard let address else { return "unknown" }
        guard address.utf8.contains(UInt8(ascii: ":")) else { return address }  // not Foundation's contains: this runs per request
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        return bytes[0..<8].map { String($0, radix: 16) }.joined(separator: ".") + "/64"
    }

    /// `text` as a canonical IP literal (IPv4-mapped IPv6 as IPv4), or `nil` when it is not one.
    static func normalised(_ text: String) -> String? {
        var bytes = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &bytes) == 1 { return format(family: AF_INET, bytes) }
        guard inet_pton(AF_INET6, text, &bytes) == 1 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return format(family: AF_INET, Array(bytes[12..<16]))
        }
        return format(family: AF_INET6, bytes)
    }

    private static func format(family: Int32, _ bytes: [UInt8]) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
