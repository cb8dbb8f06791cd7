import PhotoSourceKit

extension ConformanceRun {
    /// Back items where they belong, no page over its size, every item from this source.
    mutating func checkShape(of page: ItemPage, number: Int, requested: Int) {
        let scope = page.scope
        let place = "page \(number) of \(scope)"
        let backs = page.items.indices.filter { page.items[$0].kind == .back }
        if scope.isRoot {
            ledger.expect(.rootHasNoBackItem, backs.isEmpty, place, "\(place) has a back item at position \(backs.first ?? 0)")
        } else if number == 0 {
            let problem: String? = switch backs {
            case [0]: nil
            case []: "\(place) has no back item; page 0 of a container must start with one"
            case _ where backs.first != 0: "\(place) has the back item at position \(backs[0]), not first"
            default: "\(place) has \(backs.count) back items"
            }
            ledger.expect(.backItemFirst, problem == nil, scope.description, problem ?? "")
        } else {
            ledger.expect(.backItemFirst, backs.isEmpty, scope.description, "\(place) has a back item; only page 0 may")
        }
        let content = page.items.count - backs.count
        let maximum = source.maximumPageSize, sourceID = source.id
        ledger.expect(
            .pageSizeLimits, content <= min(requested, maximum), place,
            "\(place) has \(content) items for count \(requested) (maximum page size \(maximum))")
        checkFullness(of: page, place: place, content: content, size: min(requested, maximum))
        let foreign = page.items.first { $0.sourceID != sourceID }
        ledger.expect(
            .itemSourceIDs, foreign == nil, scope.description,
            "\"\(foreign?.id ?? "")\" on \(place) says it comes from \"\(foreign?.sourceID ?? "")\", not \"\(sourceID)\"")
    }

    /// Lists the container in large pages and compares with the small walk; returns the first
    /// large page.
    mutating func checkLargeListing(of visit: ScopeVisit) async -> ItemPage? {
        let limit = configuration.maximumItemsPerContainer
        let count = max(1, min(source.maximumPageSize, limit))
        var large: [String] = []
        var seen: Set<String> = []
        var first: ItemPage?
        var complete = false
        var number = 0
        while large.count < limit {
            let page: ItemPage
            do {
                page = try await list(nil, in: visit.scope, page: number, count: count)
            } catch {
                ledger.fail(.noMissingIDs, "listing \(visit.scope) \(count) at a time failed: \(describe(error))")
                return first
            }
            first = first ?? page
            checkShape(of: page, number: number, requested: count)
            number += 1
            for id in page.contentItems.map(\.id) {
                if !seen.insert(id).inserted {
                    ledger.fail(.noDuplicateIDs, "\"\(id)\" appears twice when listing \(visit.scope) \(count) at a time")
                }
                large.append(id)
            }
            if !page.hasMore || page.contentItems.isEmpty {
                complete = !page.hasMore
                break
            }
        }
        compare(visit, large: large, largeComplete: complete, largeCount: count)
        checkBoundaries(of: visit, whole: large)
        return first
    }

    /// No missing and no extra ids between the small walk and the large listing.
    private mutating func compare(_ visit: ScopeVisit, large: [String], largeComplete: Bool, largeCount: Int) {
        let small = visit.pages.flatMap(\.contentItems).map(\.id)
        let walk = "paging \(visit.scope) \(pageSize) at a time"
        let lastPage = visit.pages.count - 1
        let smallSet = Set(small)
        if visit.complete, small.count < large.count {
            let missing = large.filter { !smallSet.contains($0) }
            ledger.fail(
                .noMissingIDs,
                "\(walk) stops at page \(lastPage) (hasMore == false) with \(small.count) ids, but listing it "
                    + "\(largeCount) at a time gives \(large.count)\(largeComplete ? "" : "+")"
                    + (missing.first.map { "; missing: \"\($0)\"" } ?? ""))
            return
        }
        if largeComplete, large.count < small.count {
            ledger.fail(
                .noMissingIDs,
                "\(walk) gives \(small.count) ids but one large listing only \(large.count); \(Self.surplus(of: small, over: large))")
            return
        }
        let shared = min(small.count, large.count)
        let head = Set(small.prefix(shared))
        if let missing = large.prefix(shared).first(where: { !head.contains($0) }) {
            ledger.fail(.noMissingIDs, "\(walk) never lists \"\(missing)\", which listing it \(largeCount) at a time has")
            return
        }
        ledger.pass(.noMissingIDs, visit.scope.description)
    }

    /// Listing the same large page twice gives the same ids in the same order.
    mutating func checkStableIDs(in scope: ItemScope, first: ItemPage) async {
        let again: ItemPage
        do {
            again = try await list(nil, in: scope, page: 0, count: first.count)
        } catch {
            ledger.fail(.stableIDs, "listing \(scope) a second time failed: \(describe(error))")
            return
        }
        let before = first.items.map(\.id), after = again.items.map(\.id)
        guard before != after else { return ledger.pass(.stableIDs, scope.description) }
        let afterSet = Set(after)
        if let gone = before.first(where: { !afterSet.contains($0) }) {
            ledger.fail(.stableIDs, "listing \(scope) twice gave different ids: \"\(gone)\" the first time only")
        } else {
            ledger.fail(.stableIDs, "listing \(scope) twice gave its ids in a different order")
        }
    }

    /// The page after the last is empty with `hasMore == false`.
    mutating func checkPagePastEnd(of visit: ScopeVisit) async {
        guard visit.complete else { return }
        let past = visit.pages.count
        let place = "page \(past) of \(visit.scope), after the last"
        do {
            let page = try await list(nil, in: visit.scope, page: past, count: pageSize)
            ledger.expect(
                .pagePastEnd, page.items.isEmpty && !page.hasMore, visit.scope.description,
                "\(place), has \(page.items.count) items and hasMore == \(page.hasMore); it must be empty with hasMore == false")
        } catch {
            ledger.fail(.pagePastEnd, "\(place), threw instead of being empty: \(describe(error))")
        }
    }

    /// Asking for more than the maximum page size gets at most the maximum page size.
    mutating func checkOversizedRequest(in scope: ItemScope) async {
        let maximum = source.maximumPageSize
        guard maximum < configuration.maximumItemsPerContainer * 4 else { return }
        do {
            let page = try await list(nil, in: scope, page: 0, count: maximum + 1)
            let content = page.contentItems.count
            ledger.expect(
                .pageSizeLimits, content <= maximum, "\(scope) at count \(maximum + 1)",
                "page 0 of \(scope) asked with count \(maximum + 1) has \(content) items, over the maximum page size \(maximum)")
        } catch {
            ledger.fail(.pageSizeLimits, "asking \(scope) for \(maximum + 1) items (over the maximum page size) threw: \(describe(error))")
        }
    }

    /// Opening page 0's back item lists the parent: its scope and the ids of page 0 listed directly.
    mutating func checkBackItem(of visit: ScopeVisit, parent: ItemScope) async {
        guard let back = visit.pages.first?.items.first, back.kind == .back else {
            return ledger.skip(.backItemReturnsToParent, "no back item to open (see back-item-first)")
        }
        guard let parentPage = self.visit(of: parent)?.pages.first else { return }
        let expected = parentPage.items.map(\.id)
        do {
            let opened = try await list(back, in: visit.scope, page: 0, count: pageSize)
            let ids = opened.items.map(\.id)
            ledger.expect(
                .backItemReturnsToParent, opened.scope == parent && ids == expected, visit.scope.description,
                "opening the back item of \(visit.scope) lists \(opened.scope) (\(Self.preview(ids))) "
                    + "instead of \(parent) (\(Self.preview(expected)))")
        } catch {
            ledger.fail(.backItemReturnsToParent, "opening the back item of \(visit.scope) threw: \(describe(error))")
        }
    }

    /// `"a, b, c, …"`: the first few ids.
    static func preview(_ ids: [String]) -> String {
        ids.isEmpty ? "no items" : ids.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ") + (ids.count > 4 ? ", …" : "")
    }
}
