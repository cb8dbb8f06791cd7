import PhotoSourceKit

/// The lines of one listed page: a location line, then `..` for the back item and numbered
/// items, containers with a trailing `/`, photos with their pixel size, selected photos marked `*`.
///
/// ```
/// Sample Library:/Travel [page 1/1]
///      ..
///   1  Italy/
///   2* beach.jpg  4000×3000
/// ```
struct PageListing: Sendable {
    /// Where the page is.
    let location: Location
    /// The items, the back item included.
    let items: [any PhotoSourceItem]
    /// Ids of the items that are selected.
    let selectedIDs: Set<String>

    /// Creates the listing of `page`.
    init(sourceTitle: String, page: ItemPage, selectedIDs: Set<String> = []) {
        self.location = Location(sourceTitle: sourceTitle, listed: page)
        self.items = page.items
        self.selectedIDs = selectedIDs
    }

    /// The lines, styled with `style`.
    func lines(style: TextStyle = .plain) -> [String] {
        let numberWidth = String(items.count).count
        let indent = "  "
        var lines = [style.strong(location.description)]
        var number = 0
        for item in items {
            if item.kind == .back {
                lines.append(indent + String(repeating: " ", count: numberWidth + 2) + style.faint(BackItem.backID))
                continue
            }
            number += 1
            let padded = String(repeating: " ", count: numberWidth - String(number).count) + String(number)
            let mark = selectedIDs.contains(item.id) ? style.marked("*") : " "
            lines.append(indent + padded + mark + " " + Self.name(of: item, style: style))
        }
        if number == 0 {
            lines.append(indent + "(this page is empty)")
        }
        return lines
    }

    /// The error for page `number` (1-based) past the end, shared by `ls --page` and the REPL's `page`.
    static func missingPage(_ number: Int, pageCount: Int?) -> PhotoSourceError {
        guard let pageCount else { return PhotoSourceError(.invalidData, "There is no page \(number); this album ends before it.") }
        return PhotoSourceError(.invalidData, "There is no page \(number); this album has \(pageCount) page(s).")
    }

    /// `Italy/` for a container, `beach.jpg  4000×3000` for a photo of known size.
    static func name(of item: any PhotoSourceItem, style: TextStyle = .plain) -> String {
        switch item.kind {
        case .container: return style.container(TerminalText.escaped(item.title) + "/")
        case .back: return style.faint(BackItem.backID)
        case .image:
            guard let size = item.pixelSize else { return TerminalText.escaped(item.title) }
            return TerminalText.escaped(item.title) + "  " + style.faint(size.description)
        }
    }
}
