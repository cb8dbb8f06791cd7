import PhotoSourceKit
import PhotoSourceTesting
import Testing

@Suite("PhotoSourceConformance catches broken sources")
struct BrokenSourceTests {
    /// Each defect, the checks it must fail (the named check first, then any it drags along),
    /// and a word its message must contain to show where it failed.
    static let cases: [(Defect, [ConformanceCheck], String)] = [
        (.duplicateAcrossPages, [.noDuplicateIDs], "\"travel/photo1\" is on page 0 and page 1 of /travel"),
        (.missingBackItem, [.backItemFirst], "page 0 of /"),
        // Oversized pages also push page 1 off its boundary (it starts at item 4, not 3).
        (.oversizedPages, [.pageSizeLimits, .pageBoundaries], "4 items for count 3"),
        (.undecodableThumbnail, [.thumbnailDecodes], "does not decode"),
        (.wrongAdvertisedSize, [.advertisedPixelSize], "\"travel/photo0\" in /travel advertises 17×10 but its original is 16×10"),
        (.swallowedError, [.noMissingIDs], "paging /travel 3 at a time stops at page 2"),
        // Endless pages also repeat page 0's back item, and never reach the later items.
        (.endlessPages, [.noDuplicateIDs, .backItemFirst, .noMissingIDs, .pageBoundaries], "\"travel\" is on page 0 and page 2 of / (count 3)"),
        (.backToWrongScope, [.backItemReturnsToParent], "back item of /travel/italy lists / "),
        // Unstable ids also make the pages disagree with the large listing and the back item's page.
        (.unstableIDs, [.stableIDs, .noMissingIDs, .backItemReturnsToParent, .pageBoundaries], "twice gave different ids"),
        // The old suite only looked at the first 5 images.
        (.textAmongPhotos, [.thumbnailDecodes, .fullImageDecodes], "\"travel/photo5\" in /travel"),
        // The old suite passed these two: no id is missing or repeated, no page is oversized.
        (.backItemCounted, [.pageBoundaries], "page 0 of /travel has 2 items for count 3 (back item aside) yet hasMore == true"),
        (.shortBatches, [.pageBoundaries], "page 0 of / has 2 items for count 3"),
        // Overlapping pages repeat ids (and so hold more than one large listing) and start early.
        (.overlappingPages, [.noDuplicateIDs, .noMissingIDs, .pageBoundaries], "is on page 0 and page 1 of /"),
    ]

    @Test("each defect fails its named check, and only the checks it breaks", arguments: cases)
    func defectIsCaught(defect: Defect, failing: [ConformanceCheck], place: String) async throws {
        // Given
        let source = try BrokenSource(defect)

        // When
        let report = await PhotoSourceConformance(source: source).run()

        // Then
        let named = try #require(report.result(for: failing[0]))
        #expect(named.status == .failed, "\(report)")
        #expect(named.message.contains(place), "\(named.message)")
        #expect(Set(report.failures.map(\.check)) == Set(failing), "\(report)")
        #expect(report.status(of: .rootListing) == .passed)
        #expect(!report.passed)
    }

    @Test("the advertised size is the upright one: EXIF orientation is considered", arguments: [false, true])
    func orientation(advertisesStoredSize: Bool) async throws {
        // Given: every image sampled, including one stored 12×8 with EXIF orientation 6
        let source = try BrokenSource(advertisesStoredSize ? .advertisesStoredSize : .none)
        let configuration = PhotoSourceConformance.Configuration(maximumImages: 100, maximumContainers: 10)

        // When
        let report = await PhotoSourceConformance(source: source, configuration: configuration).run()

        // Then
        let result = try #require(report.result(for: .advertisedPixelSize))
        if advertisesStoredSize {
            #expect(report.failures.map(\.check) == [.advertisedPixelSize], "\(report)")
            #expect(result.message.contains("\"family/sideways\" in /family advertises 12×8 but its original is 8×12 upright"))
        } else {
            #expect(report.passed, "\(report)")
            #expect(result.message.contains("checked 17:"), "every photo of the library, the sideways one included")
        }
    }

    @Test("a full page that starts off its boundary is named with where it starts and where it should")
    func boundaryMessage() async throws {
        // When: pages of 3 that start one item early (page 1 is photo0, photo1, photo2)
        let report = await PhotoSourceConformance(source: try BrokenSource(.overlappingPages)).run()

        // Then
        let message = try #require(report.result(for: .pageBoundaries)?.message)
        #expect(
            message.hasPrefix("page 1 of / (count 3) starts with \"photo0\", item 2 of the whole listing; it must start at item 3 (\"photo1\")"),
            "\(report)")
    }

    @Test("more ids in the small pages than in one large listing names the repeated ids, not extra: \"\"")
    func surplusNamesDuplicates() async throws {
        // When
        let report = await PhotoSourceConformance(source: try BrokenSource(.overlappingPages)).run()

        // Then
        let message = try #require(report.result(for: .noMissingIDs)?.message)
        #expect(message.hasPrefix("paging / 3 at a time gives 7 ids but one large listing only 6; listed more than once: \"photo0\""), "\(message)")
        #expect(!message.contains("extra: \"\""))
    }

    @Test("a source whose signOut() does nothing fails the sign-out check")
    func ignoredSignOut() async throws {
        // Given
        let session = AuthSession(sourceID: PhotoLibraryFixture.sourceID, store: InMemoryCredentialStore())
        let source = try BrokenSource(.ignoresSignOut, session: session)
        let suite = PhotoSourceConformance(
            source: source, signIn: { try await session.signIn(with: Credentials(accessToken: "token")) })

        // When
        let report = await suite.run()

        // Then
        #expect(report.failures.map(\.check) == [.signOut], "\(report)")
        #expect(report.result(for: .signOut)?.message.contains("isAuthenticated() is not false after signOut()") == true)
        #expect(report.status(of: .signedOutListing) == .passed)
    }

    @Test("a download fault that never reaches the source is reported, not passed")
    func unwiredInjector() async throws {
        // Given: an injector the source does not consult
        let source = ListingKind.complete.source(of: try .standard())

        // When
        let report = await PhotoSourceConformance(source: source, faults: FaultInjector()).run()

        // Then
        #expect(report.status(of: .listingUnauthorized) == .failed)
        #expect(report.result(for: .listingUnauthorized)?.message.contains("never reached") == true)
        #expect(report.status(of: .downloadRecovery) == .failed)
        #expect(report.status(of: .noMissingIDs) == .passed)
    }
}
