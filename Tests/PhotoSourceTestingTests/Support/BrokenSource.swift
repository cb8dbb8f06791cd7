import Foundation
import PhotoSourceKit
import Synchronization
import Testing

/// One deliberate mistake a source author could make.
enum Defect: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// An album lists one photo twice, on two pages.
    case duplicateAcrossPages
    /// Page 0 of albums has no back item.
    case missingBackItem
    /// Pages hold one item more than asked.
    case oversizedPages
    /// Thumbnails are not images.
    case undecodableThumbnail
    /// One photo advertises a size one pixel wider than it is.
    case wrongAdvertisedSize
    /// Page 2 and later come back empty with `hasMore == false`, as if an error had been swallowed.
    case swallowedError
    /// Back items always return to the root, even two levels down.
    case backToWrongScope
    /// Photo ids change with every listing.
    case unstableIDs
    /// Pages never end: page 2 repeats page 0, page 3 page 1, and so on, all with `hasMore == true`.
    case endlessPages
    /// `signOut()` does nothing.
    case ignoresSignOut
    /// The sideways photo advertises its stored size, not its upright size.
    case advertisesStoredSize
    /// Page 0 of an album holds the back item and `count - 1` photos (the back item counted in
    /// `count`); later pages start one item early to make up for it.
    case backItemCounted
    /// Pages are a cursor server's batches, capped at two items: short pages, wrong boundaries.
    case shortBatches
    /// Page 1 and later start one item early, repeating the previous page's last item.
    case overlappingPages
    /// The tenth photo of the library (the sixth of "travel") is a text file.
    case textAmongPhotos
    /// No defect: the base source as it is.
    case none

    var testDescription: String { rawValue }
}

/// A source over ``PhotoLibraryFixture`` with one ``Defect``: a correct ``DefaultPhotoSource``
/// whose answers are bent afterwards.
struct BrokenSource: PhotoSource {
    let base: DefaultPhotoSource
    let defect: Defect
    private let listings = ListingCounter()

    init(_ defect: Defect, session: AuthSession? = nil) throws {
        var library = try PhotoLibraryFixture.standard()
        var downloader: any ImageDownloading = library.downloader
        switch defect {
        case .duplicateAcrossPages:
            library.folders["travel"]!.insert(library.folders["travel"]![2], at: 3)
        case .wrongAdvertisedSize:
            let photo = library.folders["travel"]![1]
            library.folders["travel"]![1] = .image(
                id: photo.id, sourceID: photo.sourceID, title: photo.title,
                pixelSize: PixelSize(width: photo.pixelSize!.width + 1, height: photo.pixelSize!.height))
        case .advertisesStoredSize:
            let index = library.folders["family"]!.firstIndex { $0.id == "family/sideways" }!
            let photo = library.folders["family"]![index]
            library.folders["family"]![index] = .image(
                id: photo.id, sourceID: photo.sourceID, title: photo.title, pixelSize: photo.pixelSize!.transposed)
        case .textAmongPhotos:
            library.originals["travel/photo5"] = Data("order notes: 2 prints, matte".utf8)
            downloader = library.downloader
        case .undecodableThumbnail:
            let real = library.downloader
            downloader = ClosureImageDownloader { item, variant in
                if variant == .thumbnail { return ImageData(bytes: Data("<html>not found</html>".utf8)) }
                return try await real.download(item, from: NoSource(), variant: variant)
            }
        default:
            break
        }
        base = DefaultPhotoSource(
            id: PhotoLibraryFixture.sourceID, title: "Broken (\(defect.rawValue))", maximumPageSize: 50,
            listing: ListingKind.complete.listing(of: library), downloader: downloader, authSession: session)
        self.defect = defect
    }

    var id: String { base.id }
    var title: String { base.title }
    var iconPath: String? { nil }
    var downloader: any ImageDownloading { base.downloader }
    var maximumPageSize: Int { base.maximumPageSize }
    func isAuthenticated() async throws -> Bool { try await base.isAuthenticated() }
    func pagingSupport(in scope: ItemScope?) -> PagingSupport { base.pagingSupport(in: scope) }
    func signOut() async throws {
        if defect != .ignoresSignOut { try await base.signOut() }
    }

    func items(for container: (any PhotoSourceItem)?, in scope: ItemScope?, page: Int, count: Int) async throws -> ItemPage {
        if let window = window(page: page, count: count) {
            return try await slice(window, for: container, in: scope, page: page, count: count)
        }
        let asked = defect == .oversizedPages ? count + 1 : count
        let listed = try await base.items(for: container, in: scope, page: defect == .endlessPages ? page % 2 : page, count: asked)
        var items = listed.items
        var hasMore = listed.hasMore
        switch defect {
        case .missingBackItem:
            items.removeAll { $0.kind == .back }
        case .endlessPages:
            hasMore = true
        case .swallowedError where page >= 2:
            items = []
            hasMore = false
        case .backToWrongScope:
            items = items.map { $0.kind == .back ? BackItem(sourceID: id, target: .root) : $0 }
        case .unstableIDs:
            let generation = listings.next()
            items = items.map { item in
                guard item.kind == .image else { return item }
                return DefaultPhotoSourceItem.image(
                    id: "\(item.id)~\(generation)", sourceID: item.sourceID, title: item.title, pixelSize: item.pixelSize)
            }
        default:
            break
        }
        return ItemPage(scope: listed.scope, page: page, count: count, items: items, hasMore: hasMore, totalCount: nil)
    }
}

extension BrokenSource {
    /// The part of the whole listing page `page` holds for the paging defects, `nil` for others.
    private func window(page: Int, count: Int) -> (start: Int, length: Int, inAlbumsOnly: Bool)? {
        switch defect {
        case .backItemCounted: page == 0 ? (0, count - 1, true) : (page * count - 1, count, true)
        case .shortBatches: (page * min(count, 2), min(count, 2), false)
        case .overlappingPages: page == 0 ? (0, count, false) : (page * count - 1, count, false)
        default: nil
        }
    }

    /// Cuts `window` from the whole listing of the scope (the back item stays on page 0).
    private func slice(
        _ window: (start: Int, length: Int, inAlbumsOnly: Bool), for container: (any PhotoSourceItem)?, in scope: ItemScope?,
        page: Int, count: Int
    ) async throws -> ItemPage {
        let whole = try await base.items(for: container, in: scope, page: 0, count: base.maximumPageSize)
        if window.inAlbumsOnly, whole.scope.isRoot {
            return try await base.items(for: container, in: scope, page: page, count: count)
        }
        let content = whole.contentItems
        let start = min(content.count, window.start), end = min(content.count, start + window.length)
        let back = page == 0 ? whole.items.filter { $0.kind == .back } : []
        return ItemPage(
            scope: whole.scope, page: page, count: count, items: back + content[start..<end], hasMore: end < content.count)
    }
}

/// A stand-in source for calling a downloader directly (the fixture's downloaders ignore it).
struct NoSource: PhotoSource {
    var id: String { "none" }
    var title: String { "None" }
    var iconPath: String? { nil }
    var downloader: any ImageDownloading { ClosureImageDownloader { _, _ in ImageData(bytes: Data()) } }
    var maximumPageSize: Int { 1 }
    func isAuthenticated() async throws -> Bool { true }
    func items(for container: (any PhotoSourceItem)?, in scope: ItemScope?, page: Int, count: Int) async throws -> ItemPage {
        ItemPage(scope: .root, page: page, count: count, items: [], hasMore: false)
    }
    func pagingSupport(in scope: ItemScope?) -> PagingSupport { .emulated }
    func signOut() async throws {}
}

/// Numbers listing calls from concurrent code.
final class ListingCounter: Sendable {
    private let calls = Mutex(0)

    /// The number of this call (1, 2, …).
    func next() -> Int {
        calls.withLock { calls in
            calls += 1
            return calls
        }
    }
}
