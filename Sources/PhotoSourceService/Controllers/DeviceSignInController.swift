import Foundation
import Hummingbird
import PhotoNetworking
import PhotoSourceKit

/// The device flow (RFC 8628) for sources configured with ``CloudSignIn/Flow/deviceCode``:
/// `POST …/sign-in` asks the provider for a code and stores the device code sealed, bound to
/// the session; each `GET …/sign-in` reports where it stands and polls the provider's token
/// endpoint at most once per interval (the claim is in the store, so instances share it).
struct DeviceSignInController {
    let dependencies: ServiceDependencies

    private struct Started: Encodable {
        let verificationURI: String
        let verificationURIComplete: String?
        let userCode: String
        let interval: Int
        let expiresAt: String
    }

    /// `GET …/sign-in`'s answer; `interval` (seconds) only while pending.
    struct Status: Encodable {
        enum Value: String, Encodable { case pending, signedIn, signedOut, denied, expired }
        let status: Value
        var interval: Int?
    }

    /// Starts a device sign-in of `session` to `entry`, replacing one it had in flight.
    func begin(session: CustomerSession, entry: ServiceSource, signIn: CloudSignIn) async throws -> Response {
        let authorization: OAuthDeviceFlow.Authorization
        do {
            authorization = try await signIn.deviceFlow().requestDeviceCode()
        } catch let error as PhotoSourceError {
            throw Self.providerFailure(error, source: entry)
        }
        let interval = authorization.interval.inSeconds
        try await dependencies.store.saveDeviceGrant(DeviceGrant(
            session: session.id, source: entry.id, sealedDeviceCode: try dependencies.sealing().seal(Data(authorization.deviceCode.utf8)),
            status: .pending, intervalSeconds: interval, lastPollAt: dependencies.now(), expiresAt: authorization.expiresAt))
        return try JSONResponse.make(Started(
            verificationURI: authorization.verificationURI.absoluteString,
            verificationURIComplete: authorization.verificationURIComplete?.absoluteString, userCode: authorization.userCode,
            interval: Int(interval.rounded(.up)), expiresAt: authorization.expiresAt.formatted(.iso8601)))
    }

    /// Where the sign-in of `session` to `entry` stands, polling the provider when it is due.
    func status(session: CustomerSession, entry: ServiceSource, signIn: CloudSignIn) async throws -> Status {
        let store = dependencies.store
        guard let grant = try await store.deviceGrant(session: session.id, source: entry.id) else {
            return Status(status: try await store.signIn(session: session.id, source: entry.id) != nil ? .signedIn : .signedOut)
        }
        let now = dependencies.now()
        switch grant.status {
        case .denied: return Status(status: .denied)
        case .expired: return Status(status: .expired)
        case .pending where grant.expiresAt <= now: return Status(status: .expired)
        case .pending: break
        }
        guard var claimed = try await store.claimDeviceGrantPoll(session: session.id, source: entry.id, now: now) else {
            return Self.pending(grant.intervalSeconds)  // polled less than an interval ago, here or elsewhere
        }
        let result: OAuthDeviceFlow.PollResult
        do {
            let deviceCode = String(decoding: try dependencies.sealing().open(claimed.sealedDeviceCode), as: UTF8.self)
            result = try await signIn.deviceFlow().poll(deviceCode: deviceCode)
        } catch let error as PhotoSourceError {
            throw Self.providerFailure(error, source: entry)
        }
        // The interval counts from the provider's answer, not from the claim: a slow request then
        // cannot bring the next one within the interval as the provider measures it.
        claimed.lastPollAt = dependencies.now()
        switch result {
        case .approved(let credentials):
            try await store.saveSignIn(session: session.id, source: entry.id, sealed: try dependencies.sealCredentials(credentials))
            try await store.deleteDeviceGrant(claimed)
            return Status(status: .signedIn)
        case .pending:
            try await store.updateDeviceGrant(claimed)
            return Self.pending(claimed.intervalSeconds)
        case .slowDown:
            claimed.intervalSeconds += OAuthDeviceFlow.slowDownStep.inSeconds
            try await store.updateDeviceGrant(claimed)
            return Self.pending(claimed.intervalSeconds)
        case .denied:
            claimed.status = .denied
            try await store.updateDeviceGrant(claimed)
            return Status(status: .denied)
        case .expired:
            claimed.status = .expired
            try await store.updateDeviceGrant(claimed)
            return Status(status: .expired)
        }
    }

    private static func pending(_ interval: Double) -> Status {
        Status(status: .pending, interval: Int(interval.rounded(.up)))
    }

    /// A provider that refuses or fails is a bad gateway for the customer (502), whatever the
    /// OAuth reason: their own token is fine. The SDK's message never holds the device code.
    private static func providerFailure(_ error: PhotoSourceError, source: ServiceSource) -> PhotoSourceError {
        guard error.code != .connection else { return error }
        return PhotoSourceError(
            .connection, "\(source.source.title) did not go along with the device sign-in: \(error.message)", detail: error.detail, underlying: error)
    }
}
