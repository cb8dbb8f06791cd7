import Foundation
@testable import PhotoNetworking

/// A response header block as curl hands it over: one line at a time, line breaks kept.
private func headerBlock(_ data: Data) {
    var collector = ResponseCollector()
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        let withBreak = Array(line) + [UInt8(ascii: "\n")]
        guard withBreak.withUnsafeBufferPointer({ collector.take(line: $0) }) else { return }
    }
    _ = collector.contentLength
    _ = RetryAfter.delay(from: collector.headers["retry-after"], now: Date(timeIntervalSince1970: 1_800_000_000))
}

/// The address policy: the first line is an allow-listed origin, the rest a URL and an address.
private func addressPolicy(_ data: Data) {
    let lines = text(data).split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let policy = (try? AddressPolicy.trusting(origins: [lines[0]])) ?? .publicOnly
    guard lines.count > 1, let url = URL(string: lines[1]) else { return }
    try? policy.check(url: url)
    _ = policy.isTrusted(url)
    if lines.count > 2 { _ = policy.isAllowed(ipAddress: lines[2], for: url) }
    _ = IPAddress(lines[1])
}

private func oauthResponses(_ data: Data) {
    _ = try? OAuthTokenResponse.parse(data, from: "https://auth.example/token")
    _ = OAuthErrorResponse(body: data)?.photoSourceError(context: "Fuzzing", secrets: ["s3cret"])
    _ = try? DeviceAuthorizationResponse.parse(data, from: URL(string: "https://auth.example/device")!)
}

let networkingHarnesses: [Harness] = [
    Harness(name: "http-headers", body: headerBlock),
    Harness(name: "retry-after") { data in _ = RetryAfter.delay(from: text(data), now: Date(timeIntervalSince1970: 1_800_000_000)) },
    Harness(name: "address-policy", body: addressPolicy),
    Harness(name: "oauth-responses", body: oauthResponses),
]
