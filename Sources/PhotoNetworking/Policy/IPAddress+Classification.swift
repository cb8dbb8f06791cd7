/// Why an address is not a public unicast address, in words for an error message.
///
/// The tables follow the IANA special-purpose registries (RFC 6890 and successors) and
/// decode the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo), so an
/// embedded private address is refused like the plain one.
extension IPAddress {
    /// `nil` for a public unicast address, else what the address is ("a loopback address").
    var nonPublicKind: String? {
        switch self {
        case .v4(let value): Self.kindOfV4(value)
        case .v6(let high, let low): Self.kindOfV6(high: high, low: low)
        }
    }

    private static let v4Ranges: [(network: UInt32, prefix: Int, kind: String)] = [
        (0x0000_0000, 8, "a \"this network\" address (0.0.0.0/8)"),
        (0x0a00_0000, 8, "a private address (10.0.0.0/8)"),
        (0x6440_0000, 10, "a shared carrier-grade NAT address (100.64.0.0/10)"),
        (0x7f00_0000, 8, "a loopback address"),
        (0xa9fe_0000, 16, "a link-local address (169.254.0.0/16, cloud metadata lives here)"),
        (0xac10_0000, 12, "a private address (172.16.0.0/12)"),
        (0xc000_0000, 24, "an IETF protocol address (192.0.0.0/24)"),
        (0xc000_0200, 24, "a documentation address (192.0.2.0/24)"),
        (0xc058_6300, 24, "a 6to4 relay anycast address (192.88.99.0/24)"),
        (0xc0a8_0000, 16, "a private address (192.168.0.0/16)"),
        (0xc612_0000, 15, "a benchmarking address (198.18.0.0/15)"),
        (0xc633_6400, 24, "a documentation address (198.51.100.0/24)"),
        (0xcb00_7100, 24, "a documentation address (203.0.113.0/24)"),
        (0xe000_0000, 4, "a multicast address"),
        (0xf000_0000, 4, "a reserved address (240.0.0.0/4)"),
    ]

    private static func kindOfV4(_ value: UInt32) -> String? {
        if value == 0 { return "the unspecified address" }
        if value == 0xffff_ffff { return "the broadcast address" }
        for range in v4Ranges where value >> (32 - range.prefix) == range.network >> (32 - range.prefix) {
            return range.kind
        }
        return nil
    }

    private static func kindOfV6(high: UInt64, low: UInt64) -> String? {
        let low32 = UInt32(truncatingIfNeeded: low)
        func embedded(_ v4: UInt32, _ form: String) -> String? {
            kindOfV4(v4).map { "\($0) embedded in \(form)" }
        }
        switch (high, low) {
        case (0, 0): return "the unspecified address"
        case (0, 1): return "a loopback address"
        default: break
        }
        if high == 0, low >> 32 == 0xffff { return embedded(low32, "an IPv4-mapped IPv6 address") }
        if high == 0, low >> 32 == 0 { return "a deprecated IPv4-compatible IPv6 address" }
        if high == 0x0064_ff9b_0000_0000, low >> 32 == 0 { return embedded(low32, "a NAT64 address") }
        if high >> 16 == 0x0064_ff9b_0001 { return "a local-use NAT64 address (64:ff9b:1::/48)" }
        if high == 0x0100_0000_0000_0000 { return "a discard-only address (100::/64)" }
        if high >> 32 == 0x2001_0000 {  // Teredo: server in bits 32-63, client XOR-ed in the last 32
            return embedded(UInt32(truncatingIfNeeded: high), "a Teredo address (server)")
                ?? embedded(~low32, "a Teredo address (client)")
        }
        if high >> 32 == 0x2001_0db8 { return "a documentation address (2001:db8::/32)" }
        if high >> 41 == 0x2001 << 7 { return "an IETF protocol address (2001::/23)" }
        if high >> 48 == 0x2002 { return embedded(UInt32(truncatingIfNeeded: high >> 16), "a 6to4 address") }
        if high >> 44 == 0x3fff0 { return "a documentation address (3fff::/20)" }
        if high >> 57 == 0xfc >> 1 { return "a unique local (private) address (fc00::/7)" }
        if high >> 54 == 0xfe80 >> 6 { return "a link-local address (fe80::/10)" }
        if high >> 54 == 0xfec0 >> 6 { return "a deprecated site-local address (fec0::/10)" }
        if high >> 56 == 0xff { return "a multicast address" }
        if high >> 61 != 0b001 { return "not a global unicast address (outside 2000::/3)" }
        return nil
    }
}
