import Crypto
import Foundation
import PhotoImaging
import PhotoSourceKit

/// What the asset store learns of a file as its bytes go by, in one pass: its size (checked
/// against the limits at every chunk), MD5, SHA-256 and the prefix its header is read from.
struct AssetDigest {
    private let limits: ImageLimits
    private var sha = SHA256()
    private var md5 = Insecure.MD5()
    private var prefix = Data()
    /// The bytes seen so far.
    private(set) var byteCount: Int64 = 0

    /// A digest of nothing yet, refusing more than `limits` allow.
    init(limits: ImageLimits) {
        self.limits = limits
    }

    /// Takes the next chunk. Throws `.tooLarge` as soon as the size passes the limit.
    mutating func add(_ chunk: Data) throws {
        byteCount += Int64(chunk.count)
        try limits.check(encodedByteCount: Int(clamping: byteCount))
        if prefix.count < ImageHeader.recommendedPrefixLength {
            prefix.append(chunk.prefix(ImageHeader.recommendedPrefixLength - prefix.count))
        }
        sha.update(data: chunk)
        md5.update(data: chunk)
    }

    /// The file's header (a JPEG or PNG within the pixel limit) and its digests, lowercase hex.
    ///
    /// - Throws: `.unsupportedFormat` / `.invalidData` when the header does not parse, `.tooLarge`
    ///   beyond the pixel limit.
    func finish() throws -> (header: ImageHeader, sha256: String, md5: String) {
        let header = try ImageHeader.read(prefix)
        guard let pixels = header.encodedSize.pixelCount, Int64(pixels) <= limits.maxPixels else {
            throw PhotoSourceError(.tooLarge, "The photo is \(header.encodedSize) pixels, more than the \(limits.maxPixels)-pixel limit.")
        }
        return (header, Hex.string(sha.finalize()), Hex.string(md5.finalize()))
    }
}
