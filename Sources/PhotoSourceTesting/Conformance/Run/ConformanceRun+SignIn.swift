import PhotoSourceKit

extension ConformanceRun {
    /// Why the sign-in checks are skipped for sources checked without a `signIn` closure.
    static let noSignInReason = "no signIn closure given: the source is checked as one without sign-in"

    /// Signed out (signing out first if needed), the source says so and listing throws
    /// `.notLoggedIn`; then `signIn` signs it in.
    mutating func checkSignedOutListing() async {
        guard let signIn = suite.signIn else {
            ledger.skip(.signedOutListing, Self.noSignInReason, because: .noSignIn)
            ledger.skip(.signOut, Self.noSignInReason, because: .noSignIn)
            return
        }
        if await authenticated() != false {
            do {
                try await signOut()
            } catch {
                ledger.fail(.signedOutListing, "signing out before checking the signed-out state failed: \(describe(error))")
            }
        }
        await expectSignedOut(.signedOutListing, after: "while signed out")
        do {
            try await self.signIn(signIn)
        } catch {
            ledger.fail(.signedOutListing, "the signIn closure failed: \(describe(error))")
            return
        }
        let signedIn = await authenticated() == true
        ledger.expect(
            .signedOutListing, signedIn, "sign-in",
            "isAuthenticated() is not true right after the signIn closure returned")
    }

    /// After `signOut()` the source says it is signed out and lists nothing, not even pages
    /// it listed before; then the source is signed in again.
    mutating func checkSignOut() async {
        guard let signIn = suite.signIn, !visits.isEmpty else { return }
        do {
            try await signOut()
        } catch {
            ledger.fail(.signOut, "signOut() failed: \(describe(error))")
            return
        }
        await expectSignedOut(.signOut, after: "after signOut()")
        do {
            try await self.signIn(signIn)
        } catch {
            ledger.fail(.signOut, "signing in again after the sign-out check failed: \(describe(error))")
        }
    }

    /// `isAuthenticated()` is false, and listing the root and the deepest visited container
    /// (on its last page seen) throws `.notLoggedIn`.
    mutating func expectSignedOut(_ check: ConformanceCheck, after: String) async {
        let signedOut = await authenticated() == false
        ledger.expect(check, signedOut, "isAuthenticated()", "isAuthenticated() is not false \(after)")
        var places: [(scope: ItemScope, page: Int)] = [(.root, 0)]
        if let deepest = visits.last, !deepest.scope.isRoot { places.append((deepest.scope, deepest.pages.count - 1)) }
        for (scope, page) in places {
            let place = "page \(page) of \(scope)"
            do {
                let listed = try await list(nil, in: scope, page: page, count: pageSize)
                ledger.fail(check, "listing \(place) \(after) gave \(listed.items.count) items instead of throwing not-logged-in")
            } catch let error as PhotoSourceError where error.code == .notLoggedIn {
                ledger.pass(check, place)
            } catch {
                ledger.fail(check, "listing \(place) \(after) threw \(describe(error)); expected not-logged-in")
            }
        }
    }
}
