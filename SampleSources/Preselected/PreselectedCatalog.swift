import Foundation
import PhotoSourceKit

/// The fixed list behind a ``PreselectedSource``: its entries in order, looked up by id, and cut
/// into pages whose pixel sizes are probed on demand.
struct PreselectedCatalog: Sendable {
    /// One line of input and where it came from, for error messages.
    struct Line: Sendable {
        /// `"Entry 3"` or `"Line 7 of photos.txt"`.
        let place: String
        /// The text, trimmed or not.
        let text: String
    }

    let sourceID: String
    /// The entries in listing order, each id once.
    let entries: [PreselectedSource.Entry]
    private let byID: [String: PreselectedSource.Entry]

    /// Parses every line with `parser`, skipping repeats; errors name the line.
    init(lines: [Line], sourceID: String, parser: EntryParser) throws {
        guard lines.count <= PreselectedSource.maximumEntries else {
            throw PhotoSourceError(
                .tooLarge, "The list has \(lines.count) photos, more than the limit of \(PreselectedSource.maximumEntries); split it.")
        }
        var entries: [PreselectedSource.Entry] = []
        var byID: [String: PreselectedSource.Entry] = [:]
        for line in lines {
            let entry: PreselectedSource.Entry
            do {
                entry = try parser.entry(line.text.trimmingCharacters(in: .whitespaces))
            } catch let error as PhotoSourceError {
                throw PhotoSourceError(error.code, "\(line.place): \(error.message)", detail: error.detail, underlying: error)
            }
            guard byID[entry.id] == nil else { continue }
            byID[entry.id] = entry
            entries.append(entry)
        }
        self.sourceID = sourceID
        self.entries = entries
        self.byID = byID
    }

    /// The entry of `item`; `.notFound` when the list has no such photo.
    func entry(for item: any PhotoSourceItem) throws -> PreselectedSource.Entry {
        guard let entry = byID[item.id] else {
            throw PhotoSourceError(.notFound, "\"\(item.id)\" is not one of the preselected photos.")
        }
        return entry
    }

    /// The `userInfo` key under which an entry that is not a photo gives the reason.
    static let problemKey = "problem"

    /// Page `page` of `count` items of `scope` (only the root exists), with pixel sizes from `sizes`.
    ///
    /// An entry whose first bytes are not a JPEG or PNG stays in its place (pages do not shift,
    /// and nothing the integrator listed disappears silently) but is reported: its title ends in
    /// "(not a photo)" and `userInfo["problem"]` says what the bytes look like.
    func page(of scope: ItemScope, page: Int, count: Int, sizes: PixelSizeBook) async throws -> PageSlice {
        guard scope.isRoot else {
            throw PhotoSourceError(.notFound, "Preselected photos are one list without albums, so \(scope) does not exist; list the root.")
        }
        let total = entries.count
        let (start, overflow) = page.multipliedReportingOverflow(by: count)
        guard !overflow, start < total else { return PageSlice(items: [], hasMore: false, totalCount: total) }
        let end = min(total, start + count)
        let slice = Array(entries[start..<end])
        let findings = try await sizes.findings(of: slice)
        let items: [any PhotoSourceItem] = zip(slice, findings).map { entry, finding in
            guard let problem = finding.notAPhoto else {
                return DefaultPhotoSourceItem.image(
                    id: entry.id, sourceID: sourceID, title: entry.title, pixelSize: finding.pixelSize, publicURL: entry.publicURL)
            }
            return DefaultPhotoSourceItem.image(
                id: entry.id, sourceID: sourceID, title: entry.title + " (not a photo)", publicURL: entry.publicURL,
                userInfo: [Self.problemKey: problem])
        }
        return PageSlice(items: items, hasMore: end < total, totalCount: total)
    }
}
