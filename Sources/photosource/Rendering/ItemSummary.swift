import PhotoSourceKit

/// An item as JSON: `{"id", "kind", "title", "width", "height"}`, sizes `null` when unknown.
struct ItemSummary: Sendable, Equatable, Encodable {
    /// The item's id.
    let id: String
    /// `image`, `container` or `back`.
    let kind: ItemKind
    /// The title.
    let title: String
    /// The width in pixels, when known.
    @EncodedAsNull var width: Int?
    /// The height in pixels, when known.
    @EncodedAsNull var height: Int?

    /// The summary of `item`.
    init(_ item: any PhotoSourceItem) {
        id = item.id
        kind = item.kind
        title = item.title
        width = item.pixelSize?.width
        height = item.pixelSize?.height
    }
}
