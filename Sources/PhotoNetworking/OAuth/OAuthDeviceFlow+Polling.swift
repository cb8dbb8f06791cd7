public import Foundation
public import PhotoSourceKit

extension OAuthDeviceFlow {
    /// A device code as the provider issued it, for a caller that keeps it between requests
    /// (a server whose customers approve in their own browser) instead of waiting in
    /// ``complete(_:callback:)``: it calls ``poll(deviceCode:)`` at most once per ``interval``.
    public struct Authorization: Sendable, Hashable, CustomStringConvertible {
        /// The secret the token endpoint is polled with: keep it sealed, never show or log it.
        public let deviceCode: String
        /// The short code the person enters.
        public let userCode: String
        /// Where the person enters it.
        public let verificationURI: URL
        /// The link with the code filled in, when the provider sends one.
        public let verificationURIComplete: URL?
        /// When the codes stop working.
        public let expiresAt: Date
        /// The wait between polls the provider asked for.
        public let interval: Duration

        /// Everything but the device code.
        public var description: String {
            "Authorization(userCode: \(userCode), verificationURI: \(verificationURI.redactedDescription), expiresAt: \(expiresAt), interval: \(interval))"
        }
    }

    /// What one poll of the token endpoint said (RFC 8628 §3.5).
    public enum PollResult: Sendable {
        /// Approved: the person's credentials.
        case approved(Credentials)
        /// Not decided yet (`authorization_pending`): poll again after the interval.
        case pending
        /// Polled too often (`slow_down`): wait ``OAuthDeviceFlow/slowDownStep`` longer from now on.
        case slowDown
        /// The person refused (`access_denied`); the error says so.
        case denied(PhotoSourceError)
        /// The device code no longer works (`expired_token`, or `invalid_grant`: unknown or used).
        case expired(PhotoSourceError)
    }

    /// Requests a device code, without remembering it (see ``Authorization``).
    ///
    /// - Throws: the provider's refusal or a transport failure as ``PhotoSourceKit/PhotoSourceError``
    ///   (never quoting the response, which holds the device code).
    public func requestDeviceCode() async throws -> Authorization {
        let form = FormBody(["client_id": configuration.clientID, "scope": configuration.scopeParameter])
        let context = "Starting the device sign-in failed"
        switch try await endpoints.post(form, to: deviceEndpoint, context: context) {
        case .oauthError(let error):
            throw error.photoSourceError(context: context, secrets: [])
        case .success(let body, let sentAt):
            let response = try DeviceAuthorizationResponse.parse(body, from: deviceEndpoint)
            return Authorization(
                deviceCode: response.deviceCode, userCode: response.userCode, verificationURI: response.verificationURI,
                verificationURIComplete: response.verificationURIComplete,
                expiresAt: sentAt.addingTimeInterval(response.expiresIn), interval: response.pollInterval)
        }
    }

    /// Asks the token endpoint once whether `deviceCode` was approved.
    ///
    /// - Throws: transport failures and OAuth errors other than the ones ``PollResult`` names
    ///   (`invalid_client`, …), as ``PhotoSourceKit/PhotoSourceError`` without the device code.
    public func poll(deviceCode: String) async throws -> PollResult {
        let form = FormBody([
            "grant_type": "urn:ietf:params:oauth:grant-type:device_code", "device_code": deviceCode,
            "client_id": configuration.clientID,
        ])
        let context = "Device sign-in failed"
        switch try await endpoints.post(form, to: configuration.tokenEndpoint, context: context) {
        case .success(let body, let sentAt):
            return .approved(try OAuthEndpointClient.credentials(from: body, sentAt: sentAt, endpoint: configuration.tokenEndpoint))
        case .oauthError(let error):
            let failure = error.photoSourceError(context: context, secrets: [deviceCode])
            switch error.error {
            case "authorization_pending": return .pending
            case "slow_down": return .slowDown
            case "access_denied": return .denied(failure)
            case "expired_token", "invalid_grant": return .expired(failure)
            default: throw failure
            }
        }
    }
}
