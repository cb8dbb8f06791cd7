public import Foundation

/// Reads images from a folder: item ids are paths relative to the root.
///
/// Both variants return the original file (the thumbnail cache shrinks it on decode).
/// The validator is the file's modification time, size and inode, so an edited or replaced file
/// gets a new thumbnail (also in another process sharing the thumbnail cache's folder).
public struct FileImageDownloader: ImageDownloading {
    /// The path rules.
    public let resolver: LocalPathResolver
    /// Files larger than this are refused with `.tooLarge` before they are read.
    public let maximumBytes: Int

    /// Creates a downloader for the folder `root`.
    public init(root: URL, maximumBytes: Int = 100 << 20) throws {
        self.resolver = try LocalPathResolver(root: root)
        self.maximumBytes = maximumBytes
    }

    /// Creates a downloader with an existing resolver.
    public init(resolver: LocalPathResolver, maximumBytes: Int = 100 << 20) {
        self.resolver = resolver
        self.maximumBytes = maximumBytes
    }

    /// Reads the file of `item`.
    public func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        let url = try resolver.url(for: item.id)
        return try read(url, name: item.id)
    }

    /// Reads a file with the size limit; `name` is used in error messages
    /// (``FileContents/read(_:maximumBytes:name:)`` with the downloader's limit, as image data).
    public func read(_ url: URL, name: String) throws -> ImageData {
        let contents = try FileContents.read(url, maximumBytes: maximumBytes, name: name)
        return ImageData(bytes: contents.bytes, contentType: nil, validator: contents.version)
    }
}
