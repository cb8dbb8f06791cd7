@testable import PhotoSourceService
import Testing

@Suite("Client address policy")
struct ClientAddressPolicyTests {
    static let policy = ClientAddressPolicy(trustedProxies: ["10.0.0.2", "10.0.0.3", "::1"])

    @Test("X-Forwarded-For from anyone but a trusted proxy is ignored")
    func untrustedPeer() {
        #expect(Self.policy.clientAddress(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"]) == "203.0.113.9")
        #expect(Self.policy.clientAddress(peer: "203.0.113.9", forwardedFor: []) == "203.0.113.9")
        #expect(ClientAddressPolicy(trustedProxies: []).clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.1"]) == "127.0.0.1")
    }

    @Test("from a trusted proxy, the rightmost address that is not a trusted proxy is the client; what the client claimed to its left is ignored")
    func trustedPeer() {
        #expect(Self.policy.clientAddress(peer: "10.0.0.2", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
        #expect(Self.policy.clientAddress(peer: "10.0.0.2", forwardedFor: ["1.2.3.4, 198.51.100.1"]) == "198.51.100.1")
        #expect(Self.policy.clientAddress(peer: "10.0.0.2", forwardedFor: ["1.2.3.4", "198.51.100.1, 10.0.0.3"]) == "198.51.100.1")
        #expect(Self.policy.clientAddress(peer: "::1", forwardedFor: ["2001:db8::7"]) == "2001:db8::7")
        #expect(Self.policy.clientAddress(peer: "::ffff:10.0.0.2", forwardedFor: ["198.51.100.1"]) == "198.51.100.1")
    }

    @Test("a malformed entry stops the walk at the last trustworthy hop; a trusted proxy without the header is the client")
    func malformed() {
        #expect(Self.policy.clientAddress(peer: "10.0.0.2", forwardedFor: ["198.51.100.1, unknown"]) == "10.0.0.2")
        #expect(Self.policy.clientAddress(peer: "10.0.0.2", forwardedFor: ["198.51.100.1, 10.0.0.3, garbage"]) == "10.0.0.2")
        #expect(Self.policy.clientAddress(peer: "10.0.0.2", forwardedFor: []) == "10.0.0.2")
    }

    @Test("IPv6 clients share a bucket per /64; IPv4 clients have one each")
    func buckets() {
        #expect(ClientAddressPolicy.bucket(of: "2001:db8:1:2::5") == ClientAddressPolicy.bucket(of: "2001:db8:1:2:ffff::9"))
        #expect(ClientAddressPolicy.bucket(of: "2001:db8:1:2::5") != ClientAddressPolicy.bucket(of: "2001:db8:1:3::5"))
        #expect(ClientAddressPolicy.bucket(of: "198.51.100.1") == "198.51.100.1")
        #expect(ClientAddressPolicy.bucket(of: nil) == "unknown")
    }
}
