public import PhotoImaging
public import PhotoSourceKit

extension PhotoSourceConformance {
    /// Makes the thumbnail of `item` from `source`, the way a front end would.
    public typealias ThumbnailPipeline = @Sendable (_ item: any PhotoSourceItem, _ source: any PhotoSource) async throws -> Thumbnail

    /// How much of a source the suite looks at, and how long it waits.
    public struct Configuration: Sendable {
        /// Images whose thumbnail and original are downloaded and decoded (default 20). Sources
        /// with at most this many images (in the containers explored) have every one checked;
        /// larger ones the first, the last and the rest picked at random with ``sampleSeed``.
        public var maximumImages: Int
        /// The seed of the random image picks; `nil` picks a seed per run. The report prints
        /// the seed used (``ConformanceReport/sampling``), so a run can be repeated exactly.
        public var sampleSeed: UInt64?
        /// Containers below the root that are listed and paged through (default 5).
        public var maximumContainers: Int
        /// How deep below the root containers are sampled (default 2).
        public var maximumDepth: Int
        /// The small page size used to walk containers page by page (default 3).
        public var pageSize: Int
        /// The most items of one container compared between the small pages and the large
        /// listing; larger containers are compared on their first items only (default 300).
        public var maximumItemsPerContainer: Int
        /// The thumbnail made from each sampled image (default 64 px, fit).
        public var thumbnailSpec: ThumbnailSpec
        /// The limits decoding runs under.
        public var limits: ImageLimits
        /// How long any one call to the source may take before its check fails (default 30 s).
        public var callTimeout: Duration
        /// The caller's timeout in the slow-answer fault checks (default 2 s); the injected
        /// delay is far longer, and the check passes when the call is abandoned cleanly. The
        /// call must reach the source within it, so keep it well above a loaded CI machine's
        /// scheduling delays (at 0.2 s, a busy two-core machine could miss it).
        public var faultTimeout: Duration
        /// Makes a thumbnail of an item the way the front end would (through its cache);
        /// `nil` uses the source's downloader and ``ThumbnailRenderer`` directly.
        /// The download fault checks call it; each call to `makeThumbnailPipeline` must start empty.
        public var makeThumbnailPipeline: (@Sendable () -> ThumbnailPipeline)?

        /// Creates a configuration; every parameter has a default suited to unit tests.
        public init(
            maximumImages: Int = 20, sampleSeed: UInt64? = nil, maximumContainers: Int = 5, maximumDepth: Int = 2, pageSize: Int = 3,
            maximumItemsPerContainer: Int = 300, thumbnailSpec: ThumbnailSpec = ThumbnailSpec(maxPixelSize: 64),
            limits: ImageLimits = .default, callTimeout: Duration = .seconds(30),
            faultTimeout: Duration = .seconds(2),
            makeThumbnailPipeline: (@Sendable () -> ThumbnailPipeline)? = nil
        ) {
            self.maximumImages = max(0, maximumImages)
            self.sampleSeed = sampleSeed
            self.maximumContainers = max(0, maximumContainers)
            self.maximumDepth = max(0, maximumDepth)
            self.pageSize = max(1, pageSize)
            self.maximumItemsPerContainer = max(1, maximumItemsPerContainer)
            self.thumbnailSpec = thumbnailSpec
            self.limits = limits
            self.callTimeout = callTimeout
            self.faultTimeout = faultTimeout
            self.makeThumbnailPipeline = makeThumbnailPipeline
        }
    }
}
