import Foundation
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("RemoteAlbumSource: token expiry, refresh and revocation")
struct RemoteAlbumTokenTests {
    @Test("token expiry mid-pagination: one refresh, and the listing continues without gaps")
    func expiryMidPagination() async throws {
        try await CloudFixture.run { fixture in
            var ids: [String] = []
            for page in 0..<5 { ids += try await fixture.photos(album: 2, page: page).contentItems.map(\.id) }
            fixture.cloud.expireAccessTokens()
            for page in 5..<10 { ids += try await fixture.photos(album: 2, page: page).contentItems.map(\.id) }
            #expect(ids == (1...1_000).map { "photo-2-\($0)" })
            let statistics = fixture.cloud.statistics
            #expect(statistics.tokenRefreshes == 1)
            #expect(statistics.unauthorizedResponses == 1)
            #expect(await fixture.source.authSession.refreshCount == 1)
        }
    }

    @Test("refresh race: 20 concurrent downloads with an expired token cause exactly one refresh")
    func refreshRace() async throws {
        try await CloudFixture.run { fixture in
            let photos = try await fixture.photos(album: 2, page: 0, count: 20).contentItems
            #expect(photos.count == 20)
            fixture.cloud.expireAccessTokens()
            let source = fixture.source
            let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
                for photo in photos {
                    group.addTask { try await source.downloader.download(photo, from: source, variant: .thumbnail).bytes.count }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(sizes.count == 20)
            #expect(sizes.allSatisfy { $0 > 0 })
            #expect(fixture.cloud.statistics.tokenRefreshes == 1)
            #expect(fixture.cloud.statistics.refusedRefreshes == 0)
        }
    }

    @Test("the rotated refresh token is persisted, and the old one no longer works")
    func rotationPersisted() async throws {
        try await CloudFixture.run { fixture in
            let before = try #require(try fixture.store.load(for: fixture.source.id))
            fixture.cloud.expireAccessTokens()
            _ = try await fixture.source.items(for: nil, in: nil, page: 0, count: 10)
            let after = try #require(try fixture.store.load(for: fixture.source.id))
            #expect(after.refreshToken != nil)
            #expect(after.refreshToken != before.refreshToken)
            #expect(after.accessToken != before.accessToken)

            let stale = InMemoryCredentialStore()
            try stale.save(before, for: fixture.source.id)
            let other = try RemoteAlbumSource(baseURL: fixture.url, credentialStore: stale)
            let error = await #expect(throws: PhotoSourceError.self) { _ = try await other.items(for: nil, in: nil, page: 0, count: 10) }
            #expect(error?.code == .notLoggedIn)
            #expect(fixture.cloud.statistics.refusedRefreshes == 1)
        }
    }

    @Test("invalid_grant: the session needs sign-in, with exactly one token request and no retry loop")
    func invalidGrant() async throws {
        try await CloudFixture.run { fixture in
            fixture.cloud.revokeAllGrants()
            let tokenRequests = fixture.cloud.statistics.count(.token)
            let error = await #expect(throws: PhotoSourceError.self) {
                _ = try await fixture.source.items(for: nil, in: nil, page: 0, count: 10)
            }
            #expect(error?.code == .notLoggedIn)
            guard case .needsSignIn = await fixture.source.authSession.state else {
                Issue.record("expected the session to need a new sign-in")
                return
            }
            #expect(fixture.cloud.statistics.count(.token) == tokenRequests + 1)
            #expect(try await fixture.source.isAuthenticated() == false)

            _ = try? await fixture.source.items(for: nil, in: nil, page: 0, count: 10)
            #expect(fixture.cloud.statistics.count(.token) == tokenRequests + 1)

            try await fixture.source.signIn()
            #expect(try await fixture.source.items(for: nil, in: nil, page: 0, count: 10).items.count == 3)
        }
    }
}
