import Testing
@testable import PhotoNetworking

@Suite("IPAddress parsing")
struct IPAddressTests {
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1"), ("127.1", "127.0.0.1"), ("127.0.1", "127.0.0.1"), ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"), ("017700000001", "127.0.0.1"), ("0x7F.0.0.01", "127.0.0.1"), ("10.0.0.1.", "10.0.0.1"),
        ("[::1]", "::1"), ("::ffff:127.0.0.1", "::ffff:127.0.0.1"), ("FE80::1%eth0", "fe80::1"),
    ])
    func parsesEveryLiteralForm(text: String, canonical: String) throws {
        let address = try #require(IPAddress(text))
        #expect(address.description == canonical)
    }

    @Test(arguments: ["", "a.b.c.d", "1.2.3.4.5", "256.0.0.1", "1.256.0.1", "1.2.65536", "4294967296", "09", "1..2", "::1::2", "[::1"])
    func rejectsNonAddresses(text: String) {
        #expect(IPAddress(text) == nil)
    }
}
