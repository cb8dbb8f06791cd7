import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// The SSRF table, as pure checks: nothing here resolves a name or opens a socket.
@Suite("AddressPolicy: literal addresses")
struct AddressPolicyTests {
    let policy = AddressPolicy.publicOnly
    let someURL = URL(string: "https://photos.example/a.jpg")!

    @Test(arguments: [
        ("169.254.169.254", "link-local"), ("10.0.0.1", "private"), ("172.16.0.1", "private"),
        ("172.31.255.255", "private"), ("192.168.1.1", "private"), ("127.0.0.1", "loopback"),
        ("127.1", "loopback"), ("2130706433", "loopback"), ("0x7f000001", "loopback"),
        ("017700000001", "loopback"), ("0x7f.1", "loopback"), ("::1", "loopback"), ("[::1]", "loopback"),
        ("::ffff:127.0.0.1", "loopback"), ("[::ffff:7f00:1]", "loopback"), ("fe80::1", "link-local"),
        ("fe80::1%eth0", "link-local"), ("fc00::1", "private"), ("fd12:3456::1", "private"),
        ("0.0.0.0", "unspecified"), ("::", "unspecified"), ("0.1.2.3", "this network"),
        ("224.0.0.1", "multicast"), ("ff02::1", "multicast"), ("255.255.255.255", "broadcast"),
        ("100.64.0.1", "carrier-grade NAT"), ("192.0.2.1", "documentation"), ("198.51.100.7", "documentation"),
        ("203.0.113.9", "documentation"), ("2001:db8::1", "documentation"), ("198.18.0.1", "benchmarking"),
        ("240.0.0.1", "reserved"), ("64:ff9b::7f00:1", "NAT64"), ("64:ff9b::a9fe:a9fe", "NAT64"),
        ("2002:7f00:1::", "6to4"), ("2002:c0a8:101::1", "6to4"), ("2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo"),
        ("fec0::1", "site-local"), ("::7f00:1", "IPv4-compatible"),
    ])
    func refusesNonPublicAddresses(address: String, kind: String) throws {
        #expect(!policy.isAllowed(ipAddress: address, for: someURL))
        let reason = try #require(policy.refusal(ipAddress: address, for: someURL))
        #expect(reason.contains(kind), "\(reason)")
    }

    @Test(arguments: ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::1"])
    func allowsPublicAddressesAsAPureCheck(address: String) {
        // Never connected to: this only asks the policy.
        #expect(policy.isAllowed(ipAddress: address, for: someURL))
    }

    @Test(arguments: ["", "example.com", "127.0.0.1.2.3", "256.1.1.1", "1.2.3.4x", "::g", "0x1g"])
    func refusesWhatIsNotANumericAddress(text: String) {
        #expect(!policy.isAllowed(ipAddress: text, for: someURL))
    }

    @Test(arguments: [
        "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://172.16.0.1/", "http://192.168.1.1/",
        "http://127.0.0.1/", "http://127.1/", "http://2130706433/", "http://0x7f000001/", "http://017700000001/",
        "http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[fe80::1]/",
        "http://[fc00::1]/", "http://0.0.0.0/", "http://224.0.0.1/", "http://100.64.0.1/", "http://localhost:8080/",
        "http://photos.localhost/", "http://127.0.0.1./",
    ])
    func checkRefusesLiteralNonPublicHosts(url: String) throws {
        let error = try #require(throws: PhotoSourceError.self) { try policy.check(url: URL(string: url)!) }
        #expect(error.code == .accessDenied)
        #expect(error.message.contains("Refused"))
    }

    @Test func refusalNamesTheAddressAndWhy() throws {
        let error = try #require(throws: PhotoSourceError.self) { try policy.check(url: URL(string: "http://127.1/x")!) }
        #expect(error.message.contains("127.0.0.1 is a loopback address"))
    }

    @Test(arguments: ["file:///etc/passwd", "gopher://example.com/", "ftp://example.com/a.jpg", "dict://example.com/", "data:text/plain,hi"])
    func checkRefusesOtherSchemes(url: String) throws {
        let error = try #require(throws: PhotoSourceError.self) { try policy.check(url: URL(string: url)!) }
        #expect(error.code == .accessDenied)
        #expect(error.message.contains("only http and https"))
    }

    @Test(arguments: ["http://trusted.example@127.0.0.1/", "http://user:pass@photos.example/", "https://photos.example@evil.example/"])
    func checkRefusesUserInfoTricks(url: String) throws {
        let error = try #require(throws: PhotoSourceError.self) { try policy.check(url: URL(string: url)!) }
        #expect(error.code == .accessDenied)
        #expect(error.message.contains("user@host"))
    }

    @Test(arguments: ["https://photos.example/a.jpg", "http://8.8.8.8/x", "HTTPS://Photos.Example:8443/p?q=1", "http://[2606:4700::1]/"])
    func checkAcceptsPublicURLs(url: String) throws {
        try policy.check(url: URL(string: url)!)
    }
}
