import PhotoSourceKit
import PhotoSourceTesting
import Testing

@Suite("Listing faults: FaultInjectingSource and ItemListing.injectingFaults")
struct FaultInjectingSourceTests {
    @Test("a 401 on page 2 only hits page 2, from outside the source")
    func unauthorizedOnPage() async throws {
        // Given
        let injector = FaultInjector()
        injector.failListing(.status401, page: 2)
        let source = FaultInjectingSource(base: ListingKind.complete.source(of: try .standard()), injector: injector)
        let travel = ItemScope.root.appending(id: "travel", title: "travel")

        // When / Then
        #expect(await errorCode { try await source.items(in: travel, page: 0, count: 3) } == nil)
        #expect(await errorCode { try await source.items(in: travel, page: 1, count: 3) } == nil)
        #expect(await errorCode { try await source.items(in: travel, page: 2, count: 3) } == .authentication)
        #expect(await errorCode { try await source.items(in: travel, page: 2, count: 3) } == nil)
        #expect(injector.listingCalls == 4)
    }

    @Test("its downloader is the base's, wrapped")
    func downloads() async throws {
        let injector = FaultInjector()
        injector.failDownload(.notFound)
        let library = try PhotoLibraryFixture.standard()
        let source = FaultInjectingSource(base: ListingKind.complete.source(of: library), injector: injector)
        let photo = try library.items(in: .root).first { $0.kind == .image }!

        await #expect(throws: PhotoSourceError.self) {
            try await source.downloader.download(photo, from: source, variant: .full)
        }
        let data = try await source.downloader.download(photo, from: source, variant: .full)
        #expect(data.bytes == library.originals[photo.id])
    }

    @Test("a truncated listing body fails to parse: invalid data")
    func truncatedListing() async throws {
        let injector = FaultInjector()
        injector.failListing(.truncate(fraction: 0.5))
        let source = FaultInjectingSource(base: ListingKind.pages.source(of: try .standard()), injector: injector)

        #expect(await errorCode { try await source.items(in: .root, page: 0, count: 3) } == .invalidData)
    }

    @Test("inside a DefaultPhotoSource, a 401 from the listing signs the session out", arguments: ListingKind.allCases)
    func unauthorizedInsideMarksSession(kind: ListingKind) async throws {
        // Given: a signed-in source whose listing fails with a 401 on the second call
        let session = AuthSession(sourceID: PhotoLibraryFixture.sourceID, store: InMemoryCredentialStore())
        try await session.signIn(with: Credentials(accessToken: "token"))
        let injector = FaultInjector()
        injector.failListing(.status401, skip: 1)
        let source = kind.source(of: try .standard(), session: session, faults: injector)

        // When
        let first = await errorCode { try await source.items(in: .root, page: 0, count: 3) }
        let second = await errorCode { try await source.items(in: .root, page: 1, count: 3) }
        let third = await errorCode { try await source.items(in: .root, page: 1, count: 3) }

        // Then
        #expect(first == nil)
        #expect(second == .authentication)
        #expect(third == .notLoggedIn)
        #expect(try await source.isAuthenticated() == false)
    }

    @Test("`.pages` listings see page filters; `.complete` listings only faults without a page")
    func pageFiltersInsideListings() async throws {
        let injector = FaultInjector()
        injector.failListing(.serverError, page: 1)
        let pages = ListingKind.pages.source(of: try .standard(), faults: injector)
        let complete = ListingKind.complete.source(of: try .standard(), faults: injector)

        #expect(await errorCode { try await complete.items(in: .root, page: 1, count: 3) } == nil)
        #expect(await errorCode { try await pages.items(in: .root, page: 0, count: 3) } == nil)
        #expect(await errorCode { try await pages.items(in: .root, page: 1, count: 3) } == .connection)
    }
}
