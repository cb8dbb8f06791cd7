/// Which bytes of an item to fetch.
public enum ImageVariant: String, Sendable, Hashable, Codable, CaseIterable {
    /// A small rendition when the source has one (the thumbnail cache resizes it further);
    /// sources without one return the original.
    case thumbnail
    /// The original, full-resolution file, byte for byte.
    case full
}
