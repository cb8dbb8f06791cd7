/// An item in a ``SourceBrowser``'s selection, with the source and scope it was picked in.
public struct SelectedItem: Sendable {
    /// The item.
    public let item: any PhotoSourceItem
    /// The id of the source it came from.
    public let sourceID: String
    /// The title of that source.
    public let sourceTitle: String
    /// The scope it was listed in.
    public let scope: ItemScope

    /// The key that makes an item unique across sources.
    public var key: String { "\(sourceID)\u{1F}\(item.id)" }
}
