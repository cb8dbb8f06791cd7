import Foundation

/// Wraps a downloader so that an auth failure marks the source's session "needs sign-in".
struct SessionMarkingDownloader: ImageDownloading, OriginalFileDownloading {
    let base: any ImageDownloading
    let session: AuthSession?

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        try await marking(item) { try await base.download(item, from: source, variant: variant) }
    }

    /// Saves through the wrapped downloader (streamed when it can).
    func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        try await marking(item) { try await base.saveOriginal(item, from: source, to: file) }
    }

    private func marking<T>(_ item: any PhotoSourceItem, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            let wrapped = PhotoSourceError.wrapping(error, context: "Downloading \(item.title)")
            if wrapped.code.isAuthFailure { await session?.markNeedsSignIn(reason: wrapped.message) }
            throw wrapped
        }
    }
}
