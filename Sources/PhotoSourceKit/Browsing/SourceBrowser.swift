/// Browsing state for a front end: the current source, its scope stack and page, and a
/// selection that spans pages, scopes and sources.
///
/// Items are addressed by number as a person sees them: 1 is the first item after the back item.
public actor SourceBrowser {
    private struct Position {
        var scope: ItemScope = .root
        var page: Int = 0
    }

    /// The sources to browse, in the order shown by `sources`.
    public let sources: [any PhotoSource]
    /// Items per page.
    public let pageSize: Int
    /// The index of the current source in ``sources``.
    public private(set) var sourceIndex = 0
    /// The page shown last, if any.
    public private(set) var currentPage: ItemPage?
    private var positions: [String: Position] = [:]
    private var selected: [SelectedItem] = []

    /// Creates a browser over `sources` (at least one).
    public init(sources: [any PhotoSource], pageSize: Int = 50) {
        precondition(!sources.isEmpty, "a browser needs at least one source")
        self.sources = sources
        self.pageSize = max(1, pageSize)
    }

    /// The current source.
    public var source: any PhotoSource { sources[sourceIndex] }
    /// The current scope.
    public var scope: ItemScope { position.scope }
    /// The current zero-based page.
    public var page: Int { position.page }
    /// The selection, in the order items were selected.
    public var selection: [SelectedItem] { selected }

    private var position: Position {
        get { positions[source.id] ?? Position() }
        set { positions[source.id] = newValue }
    }

    /// Switches to the source at `index` (zero-based), keeping where each source was.
    public func use(index: Int) throws {
        guard sources.indices.contains(index) else {
            throw PhotoSourceError(.invalidData, "There is no source \(index + 1); there are \(sources.count).")
        }
        sourceIndex = index
        currentPage = nil
    }

    /// Switches to the source whose title or id is `name` (case-insensitive).
    public func use(named name: String) throws {
        let wanted = name.lowercased()
        guard let index = sources.firstIndex(where: { $0.title.lowercased() == wanted || $0.id.lowercased() == wanted }) else {
            throw PhotoSourceError(.notFound, "No source is called \"\(name)\"; `sources` lists them.")
        }
        try use(index: index)
    }

    /// Lists the current page of the current scope.
    @discardableResult
    public func reload() async throws -> ItemPage {
        let listed = try await source.items(in: position.scope, page: position.page, count: pageSize)
        currentPage = listed
        return listed
    }

    /// The item numbered `number` (1-based, the back item not counted) on the current page.
    public func item(number: Int) throws -> any PhotoSourceItem {
        guard let currentPage else { throw PhotoSourceError(.invalidData, "Nothing is listed yet; list the page first.") }
        let content = currentPage.contentItems
        guard number >= 1 && number <= content.count else {
            let range = content.isEmpty ? "this page is empty" : "pick 1 to \(content.count)"
            throw PhotoSourceError(.invalidData, "There is no item \(number) on this page; \(range).")
        }
        return content[number - 1]
    }

    /// Opens the container numbered `number` and lists its first page.
    @discardableResult
    public func open(number: Int) async throws -> ItemPage {
        try await open(try item(number: number))
    }

    /// Opens `item` (a container, or a back item) and lists its first page.
    @discardableResult
    public func open(_ item: any PhotoSourceItem) async throws -> ItemPage {
        let listed = try await source.items(for: item, in: position.scope, page: 0, count: pageSize)
        position = Position(scope: listed.scope, page: 0)
        currentPage = listed
        return listed
    }

    /// Returns to the parent scope; at the root this is an error.
    @discardableResult
    public func back() async throws -> ItemPage {
        guard !position.scope.isRoot else {
            throw PhotoSourceError(.invalidData, "Already at the top of \(source.title).")
        }
        return try await open(BackItem(sourceID: source.id, target: position.scope.parent))
    }

    /// Lists the next page; on the last page this is an error.
    @discardableResult
    public func next() async throws -> ItemPage {
        if let currentPage, !currentPage.hasMore {
            throw PhotoSourceError(.invalidData, "This is the last page.")
        }
        return try await goTo(page: position.page + 1)
    }

    /// Lists the previous page; on page 0 this is an error.
    @discardableResult
    public func previous() async throws -> ItemPage {
        guard position.page > 0 else { throw PhotoSourceError(.invalidData, "This is the first page.") }
        return try await goTo(page: position.page - 1)
    }

    /// Lists page `page` (zero-based) of the current scope.
    @discardableResult
    public func goTo(page: Int) async throws -> ItemPage {
        guard page >= 0 else { throw PhotoSourceError(.invalidData, "Pages are numbered from 1.") }
        let listed = try await source.items(in: position.scope, page: page, count: pageSize)
        position.page = page
        currentPage = listed
        return listed
    }

    /// Adds items of the current page to the selection; returns how many were new.
    @discardableResult
    public func select(numbers: [Int]) throws -> Int {
        let items = try numbers.map { try item(number: $0) }
        var added = 0
        for item in items where item.kind == .image {
            let entry = SelectedItem(item: item, sourceID: source.id, sourceTitle: source.title, scope: position.scope)
            if !selected.contains(where: { $0.key == entry.key }) {
                selected.append(entry)
                added += 1
            }
        }
        if let album = items.first(where: { $0.kind != .image }) {
            throw PhotoSourceError(.invalidData, "\(album.title) is an album; only photos can be selected (\(added) added).")
        }
        return added
    }

    /// Removes items of the current page from the selection; returns how many were removed.
    @discardableResult
    public func unselect(numbers: [Int]) throws -> Int {
        let keys = try numbers.map { "\(source.id)\u{1F}\(try item(number: $0).id)" }
        let before = selected.count
        selected.removeAll { keys.contains($0.key) }
        return before - selected.count
    }

    /// Removes entries of ``selection`` by their 1-based place in it (the numbers a front end shows
    /// when it lists the selection); returns how many were removed. A number past the end removes
    /// nothing and throws.
    @discardableResult
    public func unselect(selectionNumbers numbers: [Int]) throws -> Int {
        if let missing = numbers.first(where: { !selected.indices.contains($0 - 1) }) {
            throw PhotoSourceError(.invalidData, "There is no entry \(missing) in the selection; it has \(selected.count).")
        }
        let removing = Set(numbers.map { $0 - 1 })
        selected = selected.enumerated().filter { !removing.contains($0.offset) }.map(\.element)
        return removing.count
    }

    /// Whether `item` of the current source is selected.
    public func isSelected(_ item: any PhotoSourceItem) -> Bool {
        selected.contains { $0.sourceID == item.sourceID && $0.item.id == item.id }
    }

    /// Empties the selection.
    public func clearSelection() { selected.removeAll() }
}
