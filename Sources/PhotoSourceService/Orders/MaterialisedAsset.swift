/// What materialising one item found out: the verified original in the asset store, by hash,
/// with its size, pixel size and fitness for the item's product.
public struct MaterialisedAsset: Sendable, Hashable, Codable {
    /// The file name destinations use (`001-sunset.jpg`): unique in the order, safe on any file system.
    public var fileName: String
    /// `image/jpeg` or `image/png`.
    public var contentType: String
    /// SHA-256 of the bytes, lowercase hex (the asset store's key).
    public var sha256: String
    /// MD5 of the bytes, lowercase hex (what print labs compare).
    public var md5: String
    /// The size in bytes.
    public var byteCount: Int64
    /// Pixel width, as shown upright.
    public var pixelWidth: Int
    /// Pixel height, as shown upright.
    public var pixelHeight: Int
    /// The effective dpi at the item's product size, in whole dots per inch rounded down
    /// (``PrintFitness/Assessment/dpi``; rows stored before that rule may hold a fraction).
    public var dpi: Double?
    /// The fitness verdict's raw value (`good`, `acceptable`, `low`).
    public var verdict: String?
    /// Warnings kept with the item, such as `lowResolution`.
    public var warnings: [String]
    /// The print files rendered for the line, one per distinct print setting of the order's
    /// destinations that ask for print files; `nil` when none does.
    public var printFiles: [PrintFileAsset]?
    /// The print files that could not be made for the line, with the destinations that asked
    /// for them (those destinations fail the line; the others still get it); `nil` when none failed.
    public var printFailures: [PrintFileFailure]?

    /// Creates an asset description.
    public init(
        fileName: String, contentType: String, sha256: String, md5: String, byteCount: Int64, pixelWidth: Int, pixelHeight: Int,
        dpi: Double?, verdict: String?, warnings: [String], printFiles: [PrintFileAsset]? = nil,
        printFailures: [PrintFileFailure]? = nil
    ) {
        self.fileName = fileName
        self.contentType = contentType
        self.sha256 = sha256
        self.md5 = md5
        self.byteCount = byteCount
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.dpi = dpi
        self.verdict = verdict
        self.warnings = warnings
        self.printFiles = printFiles
        self.printFailures = printFailures
    }

    /// The print file `destination` receives, when it asked for print files.
    public func printFile(for destination: String) -> PrintFileAsset? {
        printFiles?.first { $0.destinations.contains(destination) }
    }

    /// Why `destination`'s print file could not be made, when it asked for one and it could not.
    public func printFailure(for destination: String) -> PrintFileFailure? {
        printFailures?.first { $0.destinations.contains(destination) }
    }
}
