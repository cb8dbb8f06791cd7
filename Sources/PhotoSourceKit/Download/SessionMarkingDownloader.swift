/// Wraps a downloader so that an auth failure marks the source's session "needs sign-in".
struct SessionMarkingDownloader: ImageDownloading {
    let base: any ImageDownloading
    let session: AuthSession?

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        do {
            return try await base.download(item, from: source, variant: variant)
        } catch {
            let wrapped = PhotoSourceError.wrapping(error, context: "Downloading \(item.title)")
            if wrapped.code.isAuthFailure { await session?.markNeedsSignIn(reason: wrapped.message) }
            throw wrapped
        }
    }
}
