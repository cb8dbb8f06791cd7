import PhotoSourceKit

extension ConformanceRun {
    /// A page with `hasMore == true` holds exactly `size` items besides the back item: a short
    /// page (the back item counted in `count`, or a server's short batch passed on) moves every
    /// later page off its boundary.
    mutating func checkFullness(of page: ItemPage, place: String, content: Int, size: Int) {
        guard page.hasMore else { return }
        ledger.expect(
            .pageBoundaries, content >= size, place,
            "\(place) has \(content) items for count \(size) (back item aside) yet hasMore == true; "
                + "every page but the last must hold exactly count items")
    }

    /// Page *k* of the small walk starts at item *k* × the page size of the whole listing
    /// (`whole`: the large listing's ids, in order).
    mutating func checkBoundaries(of visit: ScopeVisit, whole: [String]) {
        let size = max(1, min(pageSize, source.maximumPageSize))
        for (number, page) in visit.pages.enumerated() {
            guard let first = page.contentItems.first else { continue }
            let (start, overflow) = number.multipliedReportingOverflow(by: size)
            guard !overflow, start < whole.count else { continue }
            let place = "page \(number) of \(visit.scope)"
            guard first.id != whole[start] else {
                ledger.pass(.pageBoundaries, place)
                continue
            }
            let actual = whole.firstIndex(of: first.id).map { "item \($0)" } ?? "an item the whole listing does not have"
            ledger.fail(
                .pageBoundaries,
                "\(place) (count \(size)) starts with \"\(first.id)\", \(actual) of the whole listing; "
                    + "it must start at item \(start) (\"\(whole[start])\")")
        }
    }

    /// What `small` has beyond `large`: the ids only `small` has, else the ids it lists more
    /// than once (`"extra: "x""` or `"listed twice: "a", "b""`).
    static func surplus(of small: [String], over large: [String]) -> String {
        let largeSet = Set(large)
        let extra = small.filter { !largeSet.contains($0) }
        if !extra.isEmpty { return "extra: " + preview(extra) }
        var seen: Set<String> = [], repeated: [String] = []
        for id in small where !seen.insert(id).inserted && !repeated.contains(id) { repeated.append(id) }
        return "listed more than once: " + preview(repeated)
    }
}
