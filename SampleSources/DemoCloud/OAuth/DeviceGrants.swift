/// The device authorization grants (RFC 8628) in progress, keyed by device code.
struct DeviceGrants {
    typealias Instant = ContinuousClock.Instant

    /// Where a device grant stands.
    enum Status: Equatable {
        case pending
        case approved
        case denied
    }

    /// One device authorization.
    struct Grant {
        let clientID: String
        let userCode: String
        let scope: String
        let expiresAt: Instant
        let interval: Duration
        var status: Status = .pending
        var lastPoll: Instant?
    }

    /// What the device authorization endpoint hands out.
    struct Started: Equatable {
        let deviceCode: String
        let userCode: String
    }

    private var grants: [String: Grant] = [:]
    private var deviceCodeByUserCode: [String: String] = [:]

    /// Starts a device authorization.
    mutating func start(clientID: String, scope: String, lifetime: Duration, interval: Duration, now: Instant) -> Started {
        var userCode = RandomToken.userCode()
        while deviceCodeByUserCode[userCode] != nil { userCode = RandomToken.userCode() }
        let deviceCode = RandomToken.make(prefix: "dc")
        grants[deviceCode] = Grant(
            clientID: clientID, userCode: userCode, scope: scope, expiresAt: now.advanced(by: lifetime), interval: interval)
        deviceCodeByUserCode[userCode] = deviceCode
        return Started(deviceCode: deviceCode, userCode: userCode)
    }

    /// The user code in canonical form (`ABCD-EFGH`), accepting lowercase and missing dashes.
    static func normalize(userCode: String) -> String {
        let letters = userCode.uppercased().filter { $0.isLetter || $0.isNumber }
        guard letters.count == 8 else { return String(letters) }
        return String(letters.prefix(4)) + "-" + String(letters.suffix(4))
    }

    /// Whether `userCode` belongs to a pending, unexpired grant.
    func isPending(userCode: String, now: Instant) -> Bool {
        guard let deviceCode = deviceCodeByUserCode[Self.normalize(userCode: userCode)], let grant = grants[deviceCode] else {
            return false
        }
        return grant.status == .pending && grant.expiresAt > now
    }

    /// Approves or denies the pending grant of `userCode`; `false` when there is none.
    mutating func decide(userCode: String, approve: Bool, now: Instant) -> Bool {
        guard isPending(userCode: userCode, now: now),
              let deviceCode = deviceCodeByUserCode[Self.normalize(userCode: userCode)]
        else { return false }
        grants[deviceCode]?.status = approve ? .approved : .denied
        return true
    }

    /// One poll of the token endpoint: returns the scope once approved (consuming the grant),
    /// otherwise throws the RFC 8628 error the client has to act on.
    mutating func poll(deviceCode: String, clientID: String, now: Instant) throws(OAuthError) -> String {
        guard var grant = grants[deviceCode] else {
            throw .invalidGrant("The device code is unknown or was already used.")
        }
        guard grant.clientID == clientID else { throw .invalidGrant("The device code was issued to another client.") }
        guard grant.expiresAt > now else {
            forget(deviceCode, grant)
            throw OAuthError("expired_token", "The device code expired; start signing in again.")
        }
        switch grant.status {
        case .approved:
            forget(deviceCode, grant)
            return grant.scope
        case .denied:
            forget(deviceCode, grant)
            throw OAuthError("access_denied", "The sign-in was denied.")
        case .pending:
            let tooSoon = grant.lastPoll.map { now - $0 < grant.interval } ?? false
            grant.lastPoll = now
            grants[deviceCode] = grant
            if tooSoon { throw OAuthError("slow_down", "Polling faster than the announced interval; wait longer.") }
            throw OAuthError("authorization_pending", "The user has not approved the sign-in yet.")
        }
    }

    private mutating func forget(_ deviceCode: String, _ grant: Grant) {
        grants[deviceCode] = nil
        deviceCodeByUserCode[grant.userCode] = nil
    }
}
