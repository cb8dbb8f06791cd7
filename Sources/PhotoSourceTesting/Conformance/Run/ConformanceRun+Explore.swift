import PhotoSourceKit

extension ConformanceRun {
    /// A container waiting to be explored: opened as `container` from `parent`.
    private struct Pending {
        let container: any PhotoSourceItem
        let parent: ItemScope
    }

    /// Lists the root, then containers breadth-first (bounded by the configuration), running the
    /// listing and paging checks on each, and collects images for the image checks.
    mutating func explore() async {
        let root: ItemPage
        do {
            root = try await list(nil, in: nil, page: 0, count: pageSize)
        } catch {
            ledger.fail(.rootListing, "listing the root failed: \(describe(error))")
            ledger.notReachedReason = "not reached: the root could not be listed"
            return
        }
        ledger.pass(.rootListing, "/")
        var queue: [Pending] = []
        var explored = 0
        var next: (opened: ItemPage, parent: ItemScope?)? = (root, nil)
        while let current = next {
            let found = await explore(opened: current.opened, parent: current.parent)
            if current.opened.scope.depth < configuration.maximumDepth {
                queue += found.map { Pending(container: $0, parent: current.opened.scope) }
            }
            next = nil
            while next == nil, explored < configuration.maximumContainers, !queue.isEmpty {
                let pending = queue.removeFirst()
                explored += 1
                do {
                    next = (try await list(pending.container, in: pending.parent, page: 0, count: pageSize), pending.parent)
                } catch {
                    ledger.fail(.noMissingIDs, "opening \"\(pending.container.id)\" in \(pending.parent) failed: \(describe(error))")
                }
            }
        }
        if visits.count == 1 {
            let reason = "the root has no containers to open"
            [.backItemFirst, .backItemReturnsToParent].forEach { ledger.skip($0, reason) }
        }
    }

    /// Runs the scope checks on a container whose page 0 is `opened`; returns the containers it holds.
    private mutating func explore(opened: ItemPage, parent: ItemScope?) async -> [any PhotoSourceItem] {
        var visit = ScopeVisit(scope: opened.scope)
        await walk(&visit, first: opened)
        visits.append(visit)
        let content = visit.pages.flatMap(\.contentItems)
        let found = content.filter { $0.kind == .image }.map { SampledImage(item: $0, scope: visit.scope) }
        images += found.filter { $0.item.problem == nil }
        declaredProblems += found.filter { $0.item.problem != nil }
        let large = await checkLargeListing(of: visit)
        if let large {
            await checkStableIDs(in: visit.scope, first: large)
        }
        await checkPagePastEnd(of: visit)
        await checkOversizedRequest(in: visit.scope)
        if let parent { await checkBackItem(of: visit, parent: parent) }
        return content.filter { $0.kind == .container }
    }

    /// Pages through `visit.scope` with the small page size, checking each page's shape.
    /// Stops at `hasMore == false`, or once `maximumItemsPerContainer` items or pages were seen.
    private mutating func walk(_ visit: inout ScopeVisit, first: ItemPage) async {
        var seen: [String: Int] = [:]
        var duplicates = 0
        defer { if duplicates == 0 { ledger.pass(.noDuplicateIDs, visit.scope.description) } }
        var page = first
        for number in 0..<configuration.maximumItemsPerContainer {
            checkShape(of: page, number: number, requested: pageSize)
            for item in page.contentItems {
                if let earlier = seen[item.id] {
                    duplicates += 1
                    ledger.fail(.noDuplicateIDs, "\"\(item.id)\" is on page \(earlier) and page \(number) of \(visit.scope) (count \(pageSize))")
                } else {
                    seen[item.id] = number
                }
            }
            visit.pages.append(page)
            if !page.hasMore {
                visit.complete = true
                return
            }
            if seen.count >= configuration.maximumItemsPerContainer { return }
            if page.contentItems.isEmpty {
                return ledger.fail(.noMissingIDs, "page \(number) of \(visit.scope) is empty yet says hasMore == true")
            }
            do {
                page = try await list(nil, in: visit.scope, page: number + 1, count: pageSize)
            } catch {
                return ledger.fail(.noMissingIDs, "listing page \(number + 1) of \(visit.scope) failed: \(describe(error))")
            }
        }
    }
}
