/// What an item in a listing is.
public enum ItemKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A photo that can be thumbnailed and downloaded.
    case image
    /// An album or folder that can be opened.
    case container
    /// The back item at the top of page 0 of every non-root listing; opening it returns to the parent.
    case back
}
