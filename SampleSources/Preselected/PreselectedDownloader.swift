import Foundation
import PhotoNetworking
import PhotoSourceKit

/// Fetches the photos of a preselected list: URLs through ``HTTPImageDownloader`` (the ETag is
/// the validator), files as ``FileImageDownloader`` reads them (off the cooperative pool).
/// Only ids of the list are fetched; anything else is `.notFound`.
struct PreselectedDownloader: ImageDownloading, ImageValidating, OriginalFileDownloading {
    let catalog: PreselectedCatalog
    private let http: HTTPImageDownloader
    private let files: FileImageDownloader?

    init(catalog: PreselectedCatalog, client: HTTPClient, options: HTTPOptions, resolver: LocalPathResolver?) {
        self.catalog = catalog
        self.http = HTTPImageDownloader(client: client, options: options) { item, _ in
            guard case .remote(let url) = try catalog.entry(for: item) else {
                throw PhotoSourceError(.invalidData, "\"\(item.id)\" is a file, not a URL.")
            }
            return url
        }
        self.files = resolver.map { FileImageDownloader(resolver: $0) }
    }

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        switch try catalog.entry(for: item) {
        case .remote:
            return try await http.download(item, from: source, variant: variant)
        case .file(let path):
            let files = try fileReader(for: path)
            return try await BlockingIO.run { try files.read(files.resolver.url(for: path), name: path) }
        }
    }

    /// Streams a URL's original into `file`; copies a file entry's (off the cooperative pool).
    func downloadOriginal(_ item: any PhotoSourceItem, from source: any PhotoSource, to file: URL) async throws -> DownloadedOriginal {
        switch try catalog.entry(for: item) {
        case .remote:
            return try await http.downloadOriginal(item, from: source, to: file)
        case .file(let path):
            let files = try fileReader(for: path)
            return try await BlockingIO.run { try files.copy(files.resolver.url(for: path), name: path, to: file) }
        }
    }

    /// The file's modification time and size for files; `nil` for URLs (that would take a request).
    func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
        guard case .file(let path) = try catalog.entry(for: item) else { return nil }
        let files = try fileReader(for: path)
        return try await BlockingIO.run { try files.currentValidator(of: files.resolver.url(for: path), name: path) }
    }

    private func fileReader(for path: String) throws -> FileImageDownloader {
        guard let files else {
            throw PhotoSourceError(.accessDenied, "\"\(path)\" is a file, but the source has no folder for files.")
        }
        return files
    }
}
