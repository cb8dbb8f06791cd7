import PhotoSourceKit
import PhotoSourceTesting
import Synchronization
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

extension ShoeboxAPI {
    /// The API as the signed-in person sees it; `token` is what the client library would send.
    /// (Stands in for a real client: it records the token and refuses an empty one.)
    func authorized(_ token: String) throws -> ShoeboxAPI {
        guard !token.isEmpty else { throw PhotoSourceError(.authentication, "Shoebox refused the empty token.") }
        TokenRecorder.shared.record(token)
        return self
    }
}

/// A Shoebox whose calls carry the person's token: the closures are handed the session's current
/// credentials (refreshed shortly before they expire), so they never ask the session themselves.
func makeTokenShoebox(api: ShoeboxAPI, session: AuthSession) -> DefaultPhotoSource {
    DefaultPhotoSource(
        id: ShoeboxSource.sourceID, title: "Shoebox", maximumPageSize: 100,
        listing: .complete { scope, credentials in
            let shoebox = try api.authorized(credentials.accessToken)
            guard let album = scope.containerID else {
                return shoebox.albums.map { DefaultPhotoSourceItem.container(id: $0.name, sourceID: ShoeboxSource.sourceID, title: $0.name) }
            }
            return try shoebox.photos(in: album).map { photo in
                DefaultPhotoSourceItem.image(id: photo.id, sourceID: ShoeboxSource.sourceID, title: photo.id, pixelSize: photo.size)
            }
        },
        downloader: ClosureImageDownloader(credentialsFrom: session) { item, _, credentials in
            let photo = try api.authorized(credentials.accessToken).photo(id: item.id)
            return ImageData(bytes: photo.jpeg, contentType: "image/jpeg", validator: photo.etag)
        },
        authSession: session)
}

/// The tokens the stand-in API was called with.
final class TokenRecorder: Sendable {
    static let shared = TokenRecorder()
    private let tokens = Mutex<[String]>([])
    private init() {}
    func record(_ token: String) { tokens.withLock { $0.append(token) } }
    var all: [String] { tokens.withLock { $0 } }
}

@Suite("The guide's token-passing example")
struct ShoeboxTokenTests {
    @Test func closuresSeeTheCurrentToken() async throws {
        let session = AuthSession(sourceID: ShoeboxSource.sourceID, store: InMemoryCredentialStore())
        let source = makeTokenShoebox(api: try ShoeboxSourceTests.makeAPI(), session: session)
        let token = "token-\(UInt32.random(in: 0...UInt32.max))"

        try await session.signIn(with: Credentials(accessToken: token + "-a"))
        let albums = try await source.items(for: nil, in: nil, page: 0, count: 10)
        try await session.signIn(with: Credentials(accessToken: token + "-b"))
        let photo = try #require(try await source.items(for: albums.items[0], in: nil, page: 0, count: 10).contentItems.first)
        _ = try await source.downloader.download(photo, from: source, variant: .full)

        #expect(TokenRecorder.shared.all.filter { $0.hasPrefix(token) } == [token + "-a", token + "-b", token + "-b"])
        let report = await PhotoSourceConformance(
            source: source, signIn: { try await session.signIn(with: Credentials(accessToken: "test-token")) }
        ).run()
        report.expectAllPassed()
    }
}
