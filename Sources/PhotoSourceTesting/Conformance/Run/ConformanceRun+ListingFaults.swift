import PhotoSourceKit

extension ConformanceRun {
    /// The page the listing faults hit, with the ids it lists when nothing fails.
    struct ListingFaultTarget {
        let scope: ItemScope
        let page: Int
        let ids: [String]
        var place: String { "page \(page) of \(scope)" }
    }

    /// In the middle of paging: page 1 of the first container that has one, else page 0 of the root.
    var listingFaultTarget: ListingFaultTarget? {
        if let visit = visits.first(where: { $0.pages.count > 1 }) {
            return ListingFaultTarget(scope: visit.scope, page: 1, ids: visit.pages[1].items.map(\.id))
        }
        guard let root = visits.first, let first = root.pages.first else { return nil }
        return ListingFaultTarget(scope: root.scope, page: 0, ids: first.items.map(\.id))
    }

    /// Injects a 401, a 429, a 500 and a slow answer into the source's listing (through the
    /// ``FaultInjector`` wired into it) and checks each surfaces or recovers as it should.
    mutating func checkListingFaults() async {
        guard let injector = suite.faults else {
            let reason = "no FaultInjector wired into the source: pass faults: and build the listing with injectingFaults(from:)"
            [.listingUnauthorized, .listingRateLimited, .listingServerError, .listingSlow].forEach { ledger.skip($0, reason, because: .noFaultInjection) }
            return
        }
        guard let target = listingFaultTarget else { return }
        await checkListingUnauthorized(target, injector)
        let retryAfter = Duration.seconds(1)
        await checkTransientListingFault(
            .listingRateLimited, .rateLimited(retryAfter: retryAfter), target, injector,
            expected: "rate-limited with its Retry-After of \(retryAfter)") { $0 == .rateLimited(retryAfter: retryAfter) }
        await checkTransientListingFault(
            .listingServerError, .serverError, target, injector, expected: "an error that is not about signing in"
        ) { !$0.isAuthFailure }
        await checkTransientListingFault(
            .listingSlow, .delay(configuration.faultTimeout * 50), target, injector, timeout: configuration.faultTimeout,
            expected: "the caller's time-out (connection or cancelled)") { $0 == .connection || $0 == .cancelled }
    }

    /// A 401 surfaces as an auth error and, for sources with sign-in, signs the session out;
    /// after signing in again the page lists the same ids.
    private mutating func checkListingUnauthorized(_ target: ListingFaultTarget, _ injector: FaultInjector) async {
        let check = ConformanceCheck.listingUnauthorized
        guard let outcome = await injectListing(.status401, check, target, injector) else { return }
        switch outcome {
        case .success:
            ledger.fail(check, "\(target.place) listed without error despite an injected HTTP 401")
        case .failure(let error):
            let isAuth = (error as? PhotoSourceError)?.code.isAuthFailure ?? false
            ledger.expect(
                check, isAuth, target.place,
                "an injected HTTP 401 on \(target.place) surfaced as \(describe(error)); expected an auth error")
        }
        if let signIn = suite.signIn {
            let signedOut = await authenticated() == false
            ledger.expect(
                check, signedOut, "session",
                "after an HTTP 401 in the middle of paging the source still says it is signed in; mark the session "
                    + "\"needs sign-in\" (DefaultPhotoSource does when it has an AuthSession)")
            do {
                try await self.signIn(signIn)
            } catch {
                return ledger.fail(check, "signing in again after the HTTP 401 failed: \(describe(error))")
            }
        }
        await expectListingRecovered(check, target, after: .status401)
    }

    /// A fault that is not about signing in: the call throws an accepted code or lists the right
    /// ids, the session stays signed in, and the next call lists the right ids.
    private mutating func checkTransientListingFault(
        _ check: ConformanceCheck, _ fault: Fault, _ target: ListingFaultTarget, _ injector: FaultInjector,
        timeout: Duration? = nil, expected: String, accept: (PhotoSourceError.Code) -> Bool
    ) async {
        guard let outcome = await injectListing(fault, check, target, injector, timeout: timeout) else { return }
        switch outcome {
        case .success(let page):
            let ids = page.items.map(\.id)
            ledger.expect(
                check, ids == target.ids, target.place,
                "with an injected \(fault), \(target.place) listed \(Self.preview(ids)) instead of \(Self.preview(target.ids))")
        case .failure(let error):
            let accepted = (error as? PhotoSourceError).map { accept($0.code) } ?? false
            ledger.expect(
                check, accepted, target.place,
                "an injected \(fault) on \(target.place) surfaced as \(describe(error)); expected \(expected)")
        }
        if suite.signIn != nil {
            let signedIn = await authenticated() == true
            ledger.expect(check, signedIn, "session", "an injected \(fault) signed the source out; only auth errors may")
        }
        await expectListingRecovered(check, target, after: fault)
    }

    /// Scripts `fault` for the next listing call, lists the target page, and returns the outcome;
    /// `nil` (and a failure) when the fault never reached the source's listing.
    private mutating func injectListing(
        _ fault: Fault, _ check: ConformanceCheck, _ target: ListingFaultTarget, _ injector: FaultInjector,
        timeout: Duration? = nil
    ) async -> Result<ItemPage, any Error>? {
        let outcome = await injector.outcome(scripting: { $0.failListing(fault) }) {
            try await list(nil, in: target.scope, page: target.page, count: pageSize, timeout: timeout)
        }
        if outcome == nil {
            ledger.fail(
                check, "the injected \(fault) never reached the source while listing \(target.place); "
                    + "build the source's listing with injectingFaults(from:) and this FaultInjector")
        }
        return outcome
    }

    /// The target page lists its usual ids again.
    private mutating func expectListingRecovered(_ check: ConformanceCheck, _ target: ListingFaultTarget, after fault: Fault) async {
        do {
            let ids = try await list(nil, in: target.scope, page: target.page, count: pageSize).items.map(\.id)
            ledger.expect(
                check, ids == target.ids, "\(target.place) after \(fault)",
                "after an injected \(fault), \(target.place) lists \(Self.preview(ids)) instead of \(Self.preview(target.ids))")
        } catch {
            ledger.fail(check, "after an injected \(fault), listing \(target.place) again failed: \(describe(error))")
        }
    }
}
