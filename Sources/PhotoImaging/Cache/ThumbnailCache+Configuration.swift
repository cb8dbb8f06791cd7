public import Foundation

extension ThumbnailCache {
    /// Turns downloaded bytes into a thumbnail; runs on the decode pool's threads.
    public typealias Renderer = @Sendable (_ data: Data, _ spec: ThumbnailSpec, _ limits: ImageLimits) throws -> Thumbnail

    /// How a ``ThumbnailCache`` is sized and what it runs.
    public struct Configuration: Sendable {
        /// The most bytes of thumbnails kept in memory (default 64 MB). One thumbnail larger
        /// than a tenth of this is returned but not kept.
        public var memoryLimit: Int
        /// The folder of the disk tier, or `nil` to cache in memory only.
        public var diskDirectory: URL?
        /// The size the disk tier is swept down from (to 70% of it); default 512 MB.
        public var diskLimit: Int
        /// Limits every downloaded image is checked against before decoding.
        public var imageLimits: ImageLimits
        /// The number of decode threads (default: the number of active cores).
        public var decodeThreads: Int
        /// Makes a thumbnail from bytes; the default is ``ThumbnailRenderer/render(_:spec:limits:)``.
        public var renderer: Renderer
        /// Receives warnings such as "the disk tier cannot be written"; the default writes to stderr.
        public var log: @Sendable (String) -> Void

        /// Creates a configuration; every parameter has a sensible default.
        public init(
            memoryLimit: Int = 64 << 20,
            diskDirectory: URL? = nil,
            diskLimit: Int = 512 << 20,
            imageLimits: ImageLimits = .default,
            decodeThreads: Int = ProcessInfo.processInfo.activeProcessorCount,
            renderer: @escaping Renderer = ThumbnailCache.standardRenderer,
            log: @escaping @Sendable (String) -> Void = ThumbnailCache.logToStandardError
        ) {
            self.memoryLimit = max(0, memoryLimit)
            self.diskDirectory = diskDirectory
            self.diskLimit = max(0, diskLimit)
            self.imageLimits = imageLimits
            self.decodeThreads = max(1, decodeThreads)
            self.renderer = renderer
            self.log = log
        }
    }

    /// The default renderer: ``ThumbnailRenderer/render(_:spec:limits:)``.
    public static let standardRenderer: Renderer = { data, spec, limits in
        try ThumbnailRenderer.render(data, spec: spec, limits: limits)
    }

    /// The default log: one line on standard error.
    public static let logToStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("PhotoImaging: \(message)\n".utf8))
    }
}
