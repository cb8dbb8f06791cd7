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
    /// The entries in listing order, each id once (refused ones included when kept).
    let entries: [PreselectedSource.Entry]
    private let byID: [String: PreselectedSource.Entry]
    /// Why each kept refused entry was refused, by id: `"Line 3 of list.txt: … is not public…"`.
    let refusals: [String: String]

    /// Parses every line with `parser`, skipping repeats; errors name the line.
    ///
    /// With `keepingRefused`, a line the address policy or the file rules refuse (`.accessDenied`)
    /// does not fail the list: it stays in its place, listed as not allowed and never fetched
    /// (``refusals``). Malformed lines still fail it.
    init(lines: [Line], sourceID: String, parser: EntryParser, keepingRefused: Bool = false) throws {
        guard lines.count <= PreselectedSource.maximumEntries else {
            throw PhotoSourceError(
                .tooLarge, "The list has \(lines.count) photos, more than the limit of \(PreselectedSource.maximumEntries); split it.")
        }
        var entries: [PreselectedSource.Entry] = []
        var byID: [String: PreselectedSource.Entry] = [:]
        var refusals: [String: String] = [:]
        for line in lines {
            let text = line.text.trimmingCharacters(in: .whitespaces)
            let entry: PreselectedSource.Entry
            do {
                entry = try parser.entry(text)
            } catch let error as PhotoSourceError {
                guard keepingRefused, error.code == .accessDenied else {
                    throw PhotoSourceError(error.code, "\(line.place): \(error.message)", detail: error.detail, underlying: error)
                }
                // Kept in its place under the text as written; its id is all that is ever used.
                entry = URL(string: text).flatMap { $0.host == nil ? nil : PreselectedSource.Entry.remote($0) } ?? .file(path: text)
                if byID[entry.id] == nil { refusals[entry.id] = "\(line.place): \(error.message)" }
            }
            guard byID[entry.id] == nil else { continue }
            byID[entry.id] = entry
            entries.append(entry)
        }
        self.sourceID = sourceID
        self.entries = entries
        self.byID = byID
        self.refusals = refusals
    }

    /// The entry of `item`; `.notFound` when the list has no such photo, `.accessDenied` when
    /// it was refused (it is never fetched).
    func entry(for item: any PhotoSourceItem) throws -> PreselectedSource.Entry {
        guard let entry = byID[item.id] else {
            throw PhotoSourceError(.notFound, "\"\(item.id)\" is not one of the preselected photos.")
        }
        if refusals[item.id] != nil {
            throw PhotoSourceError(.accessDenied, "\"\(item.title)\" is not allowed, so it is not fetched; the service's log says why.")
        }
        return entry
    }

    /// What an item listed as not allowed says in `userInfo["problem"]`.
    static let notAllowed = "not allowed"

    /// Page `page` of `count` items of `scope` (only the root exists), with pixel sizes from `sizes`.
    ///
    /// An entry whose first bytes are not a JPEG or PNG stays in its place (pages do not shift,
    /// and nothing the integrator listed disappears silently) but is reported: its title ends in
    /// "(not a photo)" and `userInfo["problem"]` says what the bytes look like (``ItemProblem``,
    /// as a local folder lists a text file named `notes.jpg`).
    func page(of scope: ItemScope, page: Int, count: Int, sizes: PixelSizeBook) async throws -> PageSlice {
        guard scope.isRoot else {
            throw PhotoSourceError(.notFound, "Preselected photos are one list without albums, so \(scope) does not exist; list the root.")
        }
        let total = entries.count
        let (start, overflow) = page.multipliedReportingOverflow(by: count)
        guard !overflow, start < total else { return PageSlice(items: [], hasMore: false, totalCount: total) }
        let end = min(total, start + count)
        let slice = Array(entries[start..<end])
        // Refused entries are never probed.
        var probed = try await sizes.findings(of: slice.filter { refusals[$0.id] == nil }).makeIterator()
        let findings = slice.map { refusals[$0.id] == nil ? probed.next() : nil }
        let items: [any PhotoSourceItem] = zip(slice, findings).map { entry, finding in
            guard let finding else {
                return DefaultPhotoSourceItem.image(
                    id: entry.id, sourceID: sourceID, title: entry.title + " (not allowed)", userInfo: [ItemProblem.userInfoKey: Self.notAllowed])
            }
            guard let problem = finding.notAPhoto else {
                return DefaultPhotoSourceItem.image(
                    id: entry.id, sourceID: sourceID, title: entry.title, pixelSize: finding.pixelSize, publicURL: entry.publicURL)
            }
            return DefaultPhotoSourceItem.image(
                id: entry.id, sourceID: sourceID, title: entry.title + ItemProblem.notAPhotoTitleSuffix, publicURL: entry.publicURL,
                userInfo: [ItemProblem.userInfoKey: problem])
        }
        return PageSlice(items: items, hasMore: end < total, totalCount: total)
    }
}
