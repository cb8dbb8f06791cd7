import Foundation
import PhotoSourceKit

/// The device authorization endpoint's answer (RFC 8628 §3.2).
struct DeviceAuthorizationResponse: Sendable, Decodable {
    /// The secret the device polls with.
    let deviceCode: String
    /// The short code the person types in.
    let userCode: String
    /// Where the person types it (`verification_url` is accepted too, as some providers send it).
    let verificationURI: URL
    /// The link with the user code filled in (`verification_uri_complete`), when the provider sends
    /// an http(s) one.
    let verificationURIComplete: URL?
    /// Seconds the codes stay valid.
    let expiresIn: Double
    /// Seconds to wait between polls; RFC 8628 says 5 when absent.
    let interval: Double?

    private enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationURI = "verification_uri"
        case verificationURL = "verification_url"
        case verificationURIComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceCode = try container.decode(String.self, forKey: .deviceCode)
        userCode = try container.decode(String.self, forKey: .userCode)
        let link = try container.decodeIfPresent(String.self, forKey: .verificationURI)
            ?? container.decode(String.self, forKey: .verificationURL)
        guard let url = URL(string: link), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw DecodingError.dataCorruptedError(
                forKey: .verificationURI, in: container, debugDescription: "not an http(s) URL")
        }
        verificationURI = url
        verificationURIComplete = (try? container.decodeIfPresent(String.self, forKey: .verificationURIComplete))
            .flatMap(URL.init(string:))
            .flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
        expiresIn = try container.decode(Double.self, forKey: .expiresIn)
        interval = try container.decodeIfPresent(Double.self, forKey: .interval)
    }

    /// Parses `body` (never echoed: it holds the device code).
    static func parse(_ body: Data, from endpoint: URL) throws -> DeviceAuthorizationResponse {
        let response = try OAuthEndpointClient.decode(
            DeviceAuthorizationResponse.self, from: body,
            failure: PhotoSourceError(
                .invalidData,
                "The device authorization endpoint \(endpoint.redactedDescription) sent a response that is not a device code."))
        guard !response.deviceCode.isEmpty, !response.userCode.isEmpty, response.expiresIn.isFinite,
            response.expiresIn > 0, (response.interval ?? 5).isFinite, (response.interval ?? 5) >= 0
        else {
            throw PhotoSourceError(
                .invalidData, "The device authorization endpoint \(endpoint.redactedDescription) sent an incomplete device code.")
        }
        return response
    }

    /// The wait between polls.
    var pollInterval: Duration {
        .milliseconds(Int64(min(interval ?? 5, 3600) * 1000))
    }
}
