import Foundation
import PhotoImaging
import PhotoSourceKit

/// The check on a complete upload: its bytes must decode as JPEG or PNG (a DCT-scaled decode on
/// the decode pool, so a 12 MP photo costs a thumbnail's work), within the image limits.
enum UploadVerifier {
    /// The long side the check decodes to.
    static let checkLongSide = 64

    /// The header of the photo in `file`; throws the decoder's error when it does not decode.
    static func verify(_ file: URL) async throws -> ImageHeader {
        try await DecodePool.shared.run {
            try check(try Data(contentsOf: file, options: .alwaysMapped), limits: .default)
        }
    }

    /// The header of the photo `data` (a hand-off's return); throws the decoder's error when it
    /// does not decode within `limits`.
    static func verify(_ data: Data, limits: ImageLimits) async throws -> ImageHeader {
        try await DecodePool.shared.run { try check(data, limits: limits) }
    }

    private static func check(_ data: Data, limits: ImageLimits) throws -> ImageHeader {
        let header = try ImageHeader.read(data.prefix(ImageHeader.recommendedPrefixLength))
        _ = try ImageDecoder.decode(data, targetLongSide: checkLongSide, limits: limits)
        return header
    }
}
