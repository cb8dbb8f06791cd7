/// Fetches the bytes of an item (Print.io's `ImageDownloader`): stateless, shareable, never caching.
public protocol ImageDownloading: Sendable {
    /// Returns the bytes of `item`'s thumbnail or original.
    ///
    /// Throws ``PhotoSourceError`` (for example `.notFound`, `.connection`, `.authentication`).
    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData
}
