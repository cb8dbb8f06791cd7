import PhotoSourceKit

extension Repl {
    /// Carries out a parsed command.
    func perform(_ command: ReplCommand) async throws {
        switch command {
        case .empty, .quit:
            return
        case .help:
            output.lines(ReplCommandSpec.helpLines(style: style))
        case .sources:
            await showSources()
        case .use(.number(let number)):
            try await browser.use(index: number - 1)
            try await showSwitchedSource()
        case .use(.name(let name)):
            try await browser.use(named: name)
            try await showSwitchedSource()
        case .list:
            try await show(browser.reload())
        case .open(let number):
            try await ensureListed()
            try await show(browser.open(number: number))
        case .back:
            try await show(browser.back())
        case .next:
            try await ensureListed()
            try await show(browser.next())
        case .previous:
            try await show(browser.previous())
        case .page(let number):
            try await show(goTo(page: number))
        case .info(let number):
            let item = try await ensuredItem(number)
            output.lines(ItemReport(item: item, sourceID: await browser.source.id, products: products).lines(style: style))
        case .select(let numbers):
            let added = try await browser.select(numbers: numbers.numbers(upTo: ensureListed().contentItems.count))
            output.line("Selected \(added) new photo(s); \(await browser.selection.count) in the selection.")
        case .unselect(let numbers):
            // Numbers as `selection` shows them, whatever page is listed.
            let removed = try await browser.unselect(selectionNumbers: numbers.numbers(upTo: browser.selection.count))
            output.line("Removed \(removed) photo(s); \(await browser.selection.count) in the selection.")
        case .selection:
            await showSelection()
        case .thumbnail(let number, let size, let out):
            try await saveThumbnail(of: ensuredItem(number), size: size, out: out)
        case .view(let number, let options):
            try await draw(ensuredItem(number), options: options)
        case .cache:
            showCacheCounters()
        case .login:
            try await login()
        case .logout:
            try await logout()
        case .whoami:
            await whoami()
        case .order(let options):
            try await placeOrder(options)
        case .orders:
            try await listOrders()
        case .orderStatus(let choice):
            try await showOrder(choice)
        case .handlers(let action):
            try await listHandlers(action: action)
        case .send(let number, let options):
            try await send(ensuredItem(number), number: number, options: options)
        }
    }

    /// Lists the current page unless one is listed already, and returns it.
    @discardableResult
    private func ensureListed() async throws -> ItemPage {
        if let listed = await browser.currentPage { return listed }
        return try await browser.reload()
    }

    /// Item `number` of the listed page, listing it first if needed.
    func ensuredItem(_ number: Int) async throws -> any PhotoSourceItem {
        try await ensureListed()
        return try await browser.item(number: number)
    }

    /// Goes to the 1-based page `number`, refusing pages past the end.
    private func goTo(page number: Int) async throws -> ItemPage {
        let current = try await ensureListed()
        if let pageCount = current.pageCount, number > pageCount {
            throw PageListing.missingPage(number, pageCount: pageCount)
        }
        let listed = try await browser.goTo(page: number - 1)
        if listed.items.isEmpty && number > 1 {
            try await browser.goTo(page: current.page)
            throw PhotoSourceError(.invalidData, "Page \(number) is past the end of this album; stayed on page \(current.page + 1).")
        }
        return listed
    }

    /// After `use`: the source's page, or, when it needs a sign-in first, a notice saying so on
    /// standard output. The switch itself succeeded, so a script that goes on with `login` does
    /// not end with a failure status.
    private func showSwitchedSource() async throws {
        do {
            try await show(browser.reload())
        } catch let error as PhotoSourceError where error.code == .notLoggedIn {
            output.line(await signInHint(for: error))
        }
    }

    private func show(_ listed: ItemPage) async {
        var selectedIDs = Set<String>()
        for item in listed.contentItems where await browser.isSelected(item) {
            selectedIDs.insert(item.id)
        }
        let source = await browser.source
        output.lines(PageListing(sourceTitle: source.title, page: listed, selectedIDs: selectedIDs).lines(style: style))
        prefetchThumbnails(of: listed, from: source)
    }

    private func showSources() async {
        let current = await browser.sourceIndex
        let sources = await browser.sources
        let width = String(sources.count).count
        output.lines(sources.enumerated().map { index, source in
            let number = String(index + 1)
            let mark = index == current ? style.marked("*") : " "
            return mark + " " + String(repeating: " ", count: width - number.count) + number + "  " + TerminalText.escaped(source.title) + "  " + style.faint(TerminalText.escaped("(\(source.id))"))
        })
    }

    private func showSelection() async {
        let selection = await browser.selection
        guard !selection.isEmpty else {
            output.line("Nothing is selected; `select N` adds photos of the listed page.")
            return
        }
        let width = String(selection.count).count
        output.lines(selection.enumerated().map { index, entry in
            let number = String(index + 1)
            let padded = String(repeating: " ", count: width - number.count) + number
            return "  " + padded + "  " + PageListing.name(of: entry.item, style: style) + "  " + style.faint(TerminalText.escaped("\(entry.sourceTitle):\(entry.scope)"))
        })
    }
}
