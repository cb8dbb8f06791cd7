import Foundation
@testable import PhotoImaging

/// Small limits so a hostile header cannot make one input take seconds or gigabytes.
private let limits = ImageLimits(maxPixels: 4_000_000, maxEncodedBytes: 1 << 20, maxProgressiveScans: 100,
                                 maxWholeImageBytes: 64 << 20)

/// Header parsing, scan counting, a full decode and a thumbnail of one input; every outcome but
/// a crash is fine (errors are the expected answer to most inputs).
private func decodeEverything(_ data: Data) {
    _ = try? ImageHeader.read(data)
    _ = data.withUnsafeBytes { JPEGScanCounter.countScans($0, limit: 200) }
    _ = try? ImageDecoder.decodeFull(data, limits: limits)
    for failOn in [DecodeFailOn.none, .warning] {
        _ = try? ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 32), limits: ImageLimits(
            maxPixels: limits.maxPixels, maxEncodedBytes: limits.maxEncodedBytes,
            maxWholeImageBytes: limits.maxWholeImageBytes, failOn: failOn))
    }
    // 4 px: small seeds are DCT-scaled only for a tiny thumbnail, which is what reaches the
    // planar JPEG path (raw YCbCr planes) rather than a whole-image decode.
    _ = try? ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 4), limits: limits)
}

/// A JPEG whose only APP1 segment is an EXIF block holding the fuzz input, then a 1×1 frame.
private func jpegWithExif(_ payload: Data) -> Data {
    let body = Data("Exif\0\0".utf8) + payload.prefix(65_000)
    let length = body.count + 2
    var jpeg = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]) + body
    jpeg += Data([0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9])
    return jpeg
}

let imagingHarnesses: [Harness] = [
    Harness(name: "jpeg", body: decodeEverything),
    Harness(name: "png", body: decodeEverything),
    Harness(name: "exif") { data in _ = try? ImageHeader.read(jpegWithExif(data)).orientation },
]
