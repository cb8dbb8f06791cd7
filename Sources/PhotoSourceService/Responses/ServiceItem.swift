import PhotoSourceKit

/// An item as the API returns it: the CLI's `ls --json` keys (`id`, `kind`, `title`, `width`,
/// `height`, sizes `null` when unknown) plus `thumbnailURL` for photos, `fitness` when a product
/// was named, and `originalURL` when one item is asked for.
struct ServiceItem: Encodable, Sendable {
    let id: String
    let kind: ItemKind
    let title: String
    let width: Int?
    let height: Int?
    var thumbnailURL: String?
    var originalURL: String?
    /// The photo's fitness for the product asked about.
    var fitness: FitnessResponse?

    init(_ item: any PhotoSourceItem) {
        id = item.id
        kind = item.kind
        title = item.title
        width = item.pixelSize?.width
        height = item.pixelSize?.height
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, title, width, height, thumbnailURL, originalURL, fitness
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(width, forKey: .width)  // null when unknown, as `ls --json`
        try container.encode(height, forKey: .height)
        try container.encodeIfPresent(thumbnailURL, forKey: .thumbnailURL)
        try container.encodeIfPresent(originalURL, forKey: .originalURL)
        try container.encodeIfPresent(fitness, forKey: .fitness)
    }
}

/// One page of a listing: the CLI's `ls --json` object (`source`, `scope`, 1-based `page`,
/// `count`, `hasMore`, `items`).
struct ItemListResponse: Encodable, Sendable {
    let source: String
    let scope: String?
    let page: Int
    let count: Int
    let hasMore: Bool
    let items: [ServiceItem]

    private enum CodingKeys: String, CodingKey {
        case source, scope, page, count, hasMore, items
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(scope, forKey: .scope)  // null at the root, as `ls --json`
        try container.encode(page, forKey: .page)
        try container.encode(count, forKey: .count)
        try container.encode(hasMore, forKey: .hasMore)
        try container.encode(items, forKey: .items)
    }
}
