/// A downloader made from a closure: the quickest way to give a source its bytes.
public struct ClosureImageDownloader: ImageDownloading {
    /// The closure's type.
    public typealias Body = @Sendable (_ item: any PhotoSourceItem, _ variant: ImageVariant) async throws -> ImageData

    private let body: Body

    /// Creates a downloader that calls `body`.
    public init(_ body: @escaping Body) {
        self.body = body
    }

    /// Calls the closure; errors that are not ``PhotoSourceError`` are wrapped.
    public func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        do {
            return try await body(item, variant)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "Downloading \(item.title)")
        }
    }
}
