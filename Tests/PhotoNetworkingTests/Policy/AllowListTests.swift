import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("AddressPolicy: allow-list")
struct AllowListTests {
    @Test func anAllowListedOriginMayReachLoopback() throws {
        let policy = try AddressPolicy.trusting(origins: ["http://127.0.0.1:8080"])
        let url = URL(string: "http://127.0.0.1:8080/photos/1.jpg")!
        try policy.check(url: url)
        #expect(policy.isAllowed(ipAddress: "127.0.0.1", for: url))
        #expect(policy.isTrusted(url))
    }

    @Test(arguments: [
        "http://127.0.0.1:8081/", "https://127.0.0.1:8080/", "http://127.0.0.2:8080/", "http://localhost:8080/",
        "http://127.0.0.1/",
    ])
    func otherPortsSchemesAndHostsAreNotTrusted(url: String) throws {
        let policy = try AddressPolicy.trusting(origins: ["http://127.0.0.1:8080"])
        #expect(!policy.isTrusted(URL(string: url)!))
        #expect(throws: PhotoSourceError.self) { try policy.check(url: URL(string: url)!) }
        #expect(!policy.isAllowed(ipAddress: "127.0.0.1", for: URL(string: url)!))
    }

    @Test func numericFormsOfTheSameHostMatch() throws {
        let policy = try AddressPolicy.trusting(origins: ["http://127.0.0.1:8080"])
        #expect(policy.isTrusted(URL(string: "http://127.1:8080/x")!))
        #expect(policy.isTrusted(URL(string: "http://2130706433:8080/x")!))
    }

    @Test func defaultPortsAreFilledIn() throws {
        let policy = try AddressPolicy.trusting(origins: ["https://demo.internal"])
        #expect(policy.isTrusted(URL(string: "https://demo.internal:443/a")!))
        #expect(policy.isTrusted(URL(string: "https://DEMO.internal/a")!))
        #expect(!policy.isTrusted(URL(string: "http://demo.internal/a")!))
    }

    @Test(arguments: [
        ("http://127.0.0.1:9000/api", true), ("http://127.0.0.1:9000/api/photos/1", true),
        ("http://127.0.0.1:9000/apix", false), ("http://127.0.0.1:9000/", false),
        ("http://127.0.0.1:9000/api/../admin", false), ("http://127.0.0.1:9000/api/%2e%2e/admin", false),
        ("http://127.0.0.1:9000/api/./photos", true),
    ])
    func aPathLimitsTrustAtPathBoundaries(url: String, trusted: Bool) throws {
        let policy = try AddressPolicy.trusting(origins: ["http://127.0.0.1:9000/api/"])
        #expect(policy.isTrusted(URL(string: url)!) == trusted)
    }

    @Test func userInfoInTheURLIsRefusedEvenForATrustedHost() throws {
        let policy = try AddressPolicy.trusting(origins: ["http://127.0.0.1:8080"])
        #expect(throws: PhotoSourceError.self) { try policy.check(url: URL(string: "http://evil@127.0.0.1:8080/")!) }
    }

    @Test(arguments: ["ftp://127.0.0.1", "http://user@127.0.0.1:80", "http://127.0.0.1:80/?a=b", "not a url", "http://"])
    func malformedOriginsAreRejected(origin: String) throws {
        let error = try #require(throws: PhotoSourceError.self) { try AddressPolicy.trusting(origins: [origin]) }
        #expect(error.code == .invalidData)
    }

    @Test func allowingAddsToAnExistingPolicy() throws {
        let policy = try AddressPolicy.trusting(origins: ["http://127.0.0.1:1"]).allowing(origins: ["http://[::1]:2"])
        #expect(policy.isTrusted(URL(string: "http://127.0.0.1:1/")!))
        #expect(policy.isTrusted(URL(string: "http://[::1]:2/")!))
        #expect(policy != .publicOnly)
    }
}
