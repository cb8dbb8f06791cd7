public import Foundation
import PhotoSourceKit

/// Which URLs may be fetched and which addresses may be connected to.
///
/// URLs that come from untrusted data (an item's thumbnail URL, a redirect) may only reach
/// public unicast addresses. The client checks twice, for the request and for every redirect:
/// ``check(url:)`` before connecting (scheme, user-info tricks, literal addresses), and
/// ``isAllowed(ipAddress:for:)`` on the address a host name resolved to, at connect time.
/// Origins on an explicit allow-list (such as a demo cloud on loopback) may reach any address.
public struct AddressPolicy: Sendable, Hashable {
    private let trusted: Set<AllowedOrigin>

    private init(trusted: Set<AllowedOrigin>) {
        self.trusted = trusted
    }

    /// Public unicast addresses only, over http and https.
    public static let publicOnly = AddressPolicy(trusted: [])

    /// This policy plus the given origins (`scheme://host:port`, optionally with a path that
    /// limits the trust to that path and below), which may connect to any address,
    /// loopback and private ones included. Throws `.invalidData` for a malformed origin.
    public func allowing(origins: [String]) throws -> AddressPolicy {
        AddressPolicy(trusted: trusted.union(try origins.map(AllowedOrigin.init(parsing:))))
    }

    /// ``publicOnly`` plus the given trusted origins.
    public static func trusting(origins: [String]) throws -> AddressPolicy {
        try publicOnly.allowing(origins: origins)
    }

    /// Checks `url` before connecting: http or https only, no `user@host`, a valid host,
    /// and for a numeric host outside the allow-list, a public unicast address.
    /// Throws `.accessDenied` with the reason.
    public func check(url: URL) throws {
        var shown: String { url.redactedDescription }  // computed only for an error
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw PhotoSourceError(
                .accessDenied,
                "Refused \(shown): only http and https URLs may be fetched, not \(url.scheme.map { "\($0):" } ?? "a URL without a scheme").")
        }
        guard url.user == nil, url.password == nil else {
            throw PhotoSourceError(
                .accessDenied, "Refused \(shown): a user name before the host (user@host) hides the real host and is not allowed.")
        }
        guard let target = URLTarget(url) else {
            throw PhotoSourceError(.accessDenied, "Refused \(shown): the host is missing or not a valid host name or address.")
        }
        if isTrusted(target) { return }
        if let address = IPAddress(target.host), let kind = address.nonPublicKind {
            throw PhotoSourceError(.accessDenied, "Refused \(shown): \(target.host) is \(kind).")
        }
        if target.host == "localhost" || target.host.hasSuffix(".localhost") {
            throw PhotoSourceError(.accessDenied, "Refused \(shown): \(target.host) is a loopback name.")
        }
    }

    /// The connect-time check: whether a connection to `ipAddress` may be made for `url`.
    /// Pure: it never resolves or connects. Unparsable addresses are refused.
    public func isAllowed(ipAddress: String, for url: URL) -> Bool {
        refusedKind(ipAddress: ipAddress, for: url) == nil
    }

    /// Why a connection to `ipAddress` for `url` is refused ("127.0.0.1 is a loopback address"),
    /// or `nil` when it is allowed.
    func refusal(ipAddress: String, for url: URL) -> String? {
        isTrusted(url) ? nil : Self.refusal(ipAddress: ipAddress)
    }

    /// Why `ipAddress` is refused for a URL that is not allow-listed, or `nil` when it is public.
    static func refusal(ipAddress: String) -> String? {
        guard let address = IPAddress(ipAddress) else { return "\(ipAddress) is not a numeric address" }
        return address.nonPublicKind.map { "\(address) is \($0)" }
    }

    /// The parsed address (`nil` when it does not parse) and what it is, when refused.
    private func refusedKind(ipAddress: String, for url: URL) -> (address: IPAddress?, kind: String)? {
        if isTrusted(url) { return nil }
        guard let address = IPAddress(ipAddress) else { return (nil, "not a numeric address") }
        return address.nonPublicKind.map { (address, $0) }
    }

    /// The sentence that ends every refusal at connect time.
    static let refusalAdvice = "Only public addresses may be fetched unless the origin is allow-listed."

    /// Whether `url` is on the allow-list.
    public func isTrusted(_ url: URL) -> Bool {
        !trusted.isEmpty && (URLTarget(url).map(isTrusted) ?? false)
    }

    private func isTrusted(_ target: URLTarget) -> Bool {
        !trusted.isEmpty && trusted.contains { $0.matches(target) }
    }
}
