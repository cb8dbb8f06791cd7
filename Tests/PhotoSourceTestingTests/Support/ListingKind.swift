import Testing
import PhotoSourceKit
import PhotoSourceTesting

/// The three ways a source can list, so suites run on each.
enum ListingKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case complete, pages, cursor

    var testDescription: String { rawValue }

    /// A listing of `library` of this kind.
    func listing(of library: PhotoLibraryFixture) -> ItemListing {
        switch self {
        case .complete:
            return .complete { scope in try library.items(in: scope) }
        case .pages:
            return .pages { scope, page, count in
                let all = try library.items(in: scope)
                let start = min(all.count, page * count), end = min(all.count, start + count)
                return PageSlice(items: Array(all[start..<end]), hasMore: end < all.count, totalCount: all.count)
            }
        case .cursor:
            return .cursor { scope, cursor, limit in
                let all = try library.items(in: scope)
                let start = Int(cursor ?? "0") ?? 0, end = min(all.count, start + limit)
                return CursorPage(items: Array(all[start..<end]), nextCursor: end < all.count ? String(end) : nil)
            }
        }
    }

    /// A correct source over `library`, with its listing and downloader wired to `faults` when given.
    func source(
        of library: PhotoLibraryFixture, session: AuthSession? = nil, faults: FaultInjector? = nil,
        maximumPageSize: Int = 50
    ) -> DefaultPhotoSource {
        let listing = listing(of: library)
        let downloader: any ImageDownloading = library.downloader
        return DefaultPhotoSource(
            id: PhotoLibraryFixture.sourceID, title: "Memory (\(rawValue))", maximumPageSize: maximumPageSize,
            listing: faults.map { listing.injectingFaults(from: $0) } ?? listing,
            downloader: faults.map { FaultInjectingDownloader(base: downloader, injector: $0) } ?? downloader,
            authSession: session)
    }
}
