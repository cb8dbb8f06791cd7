import Foundation
import PhotoSourceKit
import Synchronization
import Testing

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_000_000))
    init() {}
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// The access tokens closures were handed, in order.
final class TokenLog: Sendable {
    private let tokens = Mutex<[String]>([])
    init() {}
    func record(_ credentials: Credentials) { tokens.withLock { $0.append(credentials.accessToken) } }
    var all: [String] { tokens.withLock { $0 } }
}

@Suite("Listing and download closures are handed the current credentials")
struct CredentialedClosuresTests {
    /// A signed-in session whose token expires 100 s after the clock's start (refresh margin 10 s).
    static func session(clock: ManualClock, flow: FakeSignInFlow) throws -> AuthSession {
        let session = AuthSession(sourceID: "acct", store: InMemoryCredentialStore(), flow: flow, now: { clock.now })
        return session
    }

    @Test("each listing kind gets the token, and a refresh between two calls hands over the new one", arguments: ["complete", "pages", "cursor"])
    func listingGetsRefreshedToken(kind: String) async throws {
        // Given
        let clock = ManualClock()
        let flow = FakeSignInFlow()
        let session = try Self.session(clock: clock, flow: flow)
        try await session.signIn(with: Credentials(accessToken: "first", refreshToken: "r", expiresAt: clock.now.addingTimeInterval(100)))
        let log = TokenLog()
        let photo = DefaultPhotoSourceItem.image(id: "p", sourceID: "acct", title: "p")
        let listing: AuthorizedListing = switch kind {
        case "complete": .complete { _, credentials in log.record(credentials); return [photo] }
        case "pages": .pages { _, _, _, credentials in log.record(credentials); return PageSlice(items: [photo], hasMore: false) }
        default: .cursor { _, _, _, credentials in log.record(credentials); return CursorPage(items: [photo], nextCursor: nil) }
        }
        let source = DefaultPhotoSource(
            id: "acct", title: "Account", listing: listing, downloader: ClosureImageDownloader { _, _ in ImageData(bytes: Data()) },
            authSession: session)

        // When: one listing, then the token is about to expire, then another (a new scope: no cursor is reused)
        _ = try await source.items(for: nil, in: .root, page: 0, count: 10)
        clock.advance(by: 95)
        _ = try await source.items(for: nil, in: .root.appending(id: "a", title: "A"), page: 0, count: 10)

        // Then
        #expect(log.all == ["first", "access-1"])
        #expect(flow.refreshes.count == 1)
    }

    @Test("the downloader gets the token, refreshed between two downloads; signed out it is not called")
    func downloaderGetsRefreshedToken() async throws {
        // Given
        let clock = ManualClock()
        let flow = FakeSignInFlow()
        let session = try Self.session(clock: clock, flow: flow)
        try await session.signIn(with: Credentials(accessToken: "first", refreshToken: "r", expiresAt: clock.now.addingTimeInterval(100)))
        let log = TokenLog()
        let downloader = ClosureImageDownloader(credentialsFrom: session) { _, _, credentials in
            log.record(credentials)
            return ImageData(bytes: Data([1]))
        }
        let source = DefaultPhotoSource(
            id: "acct", title: "Account", listing: AuthorizedListing.complete { _, _ in [] }, downloader: downloader, authSession: session)
        let photo = DefaultPhotoSourceItem.image(id: "p", sourceID: "acct", title: "p")

        // When
        _ = try await source.downloader.download(photo, from: source, variant: .full)
        clock.advance(by: 95)
        _ = try await source.downloader.download(photo, from: source, variant: .thumbnail)
        try await source.signOut()
        let error = await #expect(throws: PhotoSourceError.self) {
            try await source.downloader.download(photo, from: source, variant: .full)
        }

        // Then
        #expect(log.all == ["first", "access-1"])
        #expect(error?.code == .notLoggedIn)
    }
}
