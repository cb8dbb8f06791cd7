import PhotoSourceKit
import PhotoSourceTesting
import Testing

/// A Shoebox that needs signing in: the session keeps the tokens, DefaultPhotoSource checks them.
func makeShoebox(api: ShoeboxAPI, session: AuthSession) -> DefaultPhotoSource {
    DefaultPhotoSource(
        id: ShoeboxSource.sourceID, title: "Shoebox", maximumPageSize: 100,
        listing: ShoeboxSource.listing(api), downloader: ShoeboxSource.downloader(api), authSession: session)
}

@Suite("The guide's sign-in example")
struct ShoeboxSignInTests {
    @Test func passesTheSignInChecks() async throws {
        let session = AuthSession(sourceID: ShoeboxSource.sourceID, store: InMemoryCredentialStore())
        let source = makeShoebox(api: try ShoeboxSourceTests.makeAPI(), session: session)

        let report = await PhotoSourceConformance(
            source: source,
            signIn: { try await session.signIn(with: Credentials(accessToken: "test-token")) }
        ).run()

        report.expectAllPassed()
        #expect(report.status(of: .signOut) == .passed)
    }
}
