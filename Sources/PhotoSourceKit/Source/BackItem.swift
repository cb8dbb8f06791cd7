/// The item ``DefaultPhotoSource`` puts first on page 0 of every non-root listing.
///
/// Opening it (passing it as the container to ``PhotoSource/items(for:in:page:count:)``)
/// lists ``target``, the parent scope.
public struct BackItem: PhotoSourceItem, Hashable {
    /// The id every back item has.
    public static let backID = ".."
    public var id: String { Self.backID }
    public let sourceID: String
    public var kind: ItemKind { .back }
    public var title: String { ".." }
    public var pixelSize: PixelSize? { nil }
    /// The scope opening this item returns to.
    public let target: ItemScope

    /// Creates a back item that returns to `target`.
    public init(sourceID: String, target: ItemScope) {
        self.sourceID = sourceID
        self.target = target
    }
}
