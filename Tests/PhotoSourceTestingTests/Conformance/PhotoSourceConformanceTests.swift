import PhotoSourceKit
import PhotoSourceTesting
import Testing

@Suite("PhotoSourceConformance on correct sources")
struct PhotoSourceConformanceTests {
    static let signInChecks: Set<ConformanceCheck> = [.signedOutListing, .signOut]
    static let listingFaultChecks: Set<ConformanceCheck> = [
        .listingUnauthorized, .listingRateLimited, .listingServerError, .listingSlow,
    ]

    @Test("a correct source passes every check that applies to it", arguments: ListingKind.allCases)
    func correctSourcePasses(kind: ListingKind) async throws {
        // Given
        let faults = FaultInjector()
        let source = kind.source(of: try .standard(), faults: faults)

        // When
        let report = await PhotoSourceConformance(source: source, faults: faults).run()

        // Then
        report.expectAllPassed()
        #expect(Set(report.results.filter { $0.status == .skipped }.map(\.check)) == Self.signInChecks)
        #expect(report.results.map(\.check) == ConformanceCheck.allCases)
        #expect(faults.injectedFaults.count >= 10, "listing and download faults were injected into the source")
    }

    @Test("a source with sign-in passes every check, and is left signed in", arguments: ListingKind.allCases)
    func signedInSourcePasses(kind: ListingKind) async throws {
        // Given: a session that starts signed out
        let session = AuthSession(sourceID: PhotoLibraryFixture.sourceID, store: InMemoryCredentialStore())
        let faults = FaultInjector()
        let source = kind.source(of: try .standard(), session: session, faults: faults)
        let suite = PhotoSourceConformance(
            source: source, signIn: { try await session.signIn(with: Credentials(accessToken: "token")) }, faults: faults)

        // When
        let report = await suite.run()

        // Then
        report.expectAllPassed(strict: true)
        #expect(report.isComplete, "\(report)")
        #expect(await session.isSignedIn)
    }

    @Test("without a FaultInjector in the source, listing faults are skipped and download faults still run")
    func withoutInjector() async throws {
        // Given
        let source = ListingKind.pages.source(of: try .standard())

        // When
        let report = await PhotoSourceConformance(source: source).run()

        // Then
        #expect(report.passed, "\(report)")
        for check in Self.listingFaultChecks {
            #expect(report.status(of: check) == .skipped)
            #expect(report.result(for: check)?.message.contains("injectingFaults") == true)
            #expect(report.result(for: check)?.skipReason == .noFaultInjection)
        }
        #expect(!report.isComplete, "passed, but six checks did not run")
        #expect(report.result(for: .signOut)?.skipReason == .noSignIn)
        #expect(report.status(of: .downloadErrorCodes) == .passed)
        #expect(report.status(of: .downloadRecovery) == .passed)
    }

    @Test("a signed-out source without a signIn closure fails at the root and says why")
    func signedOutWithoutSignIn() async throws {
        // Given
        let session = AuthSession(sourceID: PhotoLibraryFixture.sourceID, store: InMemoryCredentialStore())
        let source = ListingKind.complete.source(of: try .standard(), session: session)

        // When
        let report = await PhotoSourceConformance(source: source).run()

        // Then
        let root = try #require(report.result(for: .rootListing))
        #expect(root.status == .failed)
        #expect(root.message.contains("not-logged-in"))
        #expect(report.status(of: .noMissingIDs) == .skipped)
        #expect(report.result(for: .noMissingIDs)?.message.contains("root could not be listed") == true)
    }

    @Test("an empty root passes the listing checks and skips what needs containers or images")
    func emptyRoot() async throws {
        // Given
        let library = PhotoLibraryFixture(folders: ["": []])
        let source = ListingKind.cursor.source(of: library)

        // When
        let report = await PhotoSourceConformance(source: source).run()

        // Then
        #expect(report.passed, "\(report)")
        #expect(report.status(of: .rootListing) == .passed)
        #expect(report.status(of: .pagePastEnd) == .passed)
        #expect(report.status(of: .backItemFirst) == .skipped)
        #expect(report.status(of: .thumbnailDecodes) == .skipped)
    }

    @Test("sampling stays within the configured number of images and containers")
    func samplingIsBounded() async throws {
        // Given
        let library = try PhotoLibraryFixture.standard()
        let configuration = PhotoSourceConformance.Configuration(maximumImages: 2, maximumContainers: 1)
        let downloads = DownloadCounter(base: library.downloader)
        let source = DefaultPhotoSource(
            id: PhotoLibraryFixture.sourceID, title: "Counted", listing: ListingKind.complete.listing(of: library),
            downloader: downloads)

        // When
        let report = await PhotoSourceConformance(source: source, configuration: configuration).run()

        // Then: 2 images × 2 variants, plus the fault checks' downloads of one image
        #expect(report.passed, "\(report)")
        #expect(report.result(for: .thumbnailDecodes)?.message.hasPrefix("checked 2:") == true)
        #expect(Set(downloads.itemIDs).count == 2)
        #expect(report.result(for: .noMissingIDs)?.message.hasPrefix("checked 2:") == true, "the root and one album")
    }
}

@Suite("PhotoSourceConformance report output")
struct ConformanceReportOutputTests {
    @Test("the report of a real run prints one line per check, naming what was checked")
    func printedReport() async throws {
        let report = await PhotoSourceConformance(source: ListingKind.cursor.source(of: try .standard())).run()
        let lines = report.description.split(separator: "\n")

        #expect(lines.count == ConformanceCheck.allCases.count + 3, "summary, sampling, header, one line per check")
        #expect(lines[1] == "images checked: all 17 images")
        let skipped = 6  // the two sign-in checks and the four listing-fault checks
        #expect(
            lines[0] == "Memory (cursor) (memory): \(ConformanceCheck.allCases.count - skipped) passed, 0 failed, \(skipped) skipped "
                + "(signed-out-listing, sign-out, listing-fault-401, listing-fault-429, listing-fault-500, listing-fault-slow)")
        #expect(report.result(for: .backItemReturnsToParent)?.message == "checked 3: /travel, /family, /travel/italy")
    }
}
