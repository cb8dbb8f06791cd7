import Foundation
import PhotoSourceKit
@testable import PhotoImaging

/// Small limits: a hostile header may ask for at most 16 MB of inflated rows per input.
private let limits = ImageLimits(maxPixels: 4_000_000, maxEncodedBytes: 1 << 20, maxWholeImageBytes: 16 << 20)

/// Differential harness for the fast PNG path (libdeflate inflate + our unfiltering): whatever
/// the bytes, it must not crash or trip ASan, and whenever it decodes a file — at full size or to
/// a thumbnail — libpng must decode the same file to the same bytes, and the portable unfilter
/// must agree with the SSE2 one. A file the fast path accepts and libpng refuses is a finding too.
private func fastAgainstLibpng(_ data: Data) {
    let size = (try? ImageHeader.read(data))?.encodedSize ?? PixelSize(width: 16, height: 16)
    guard (try? limits.check(size)) != nil else { return }
    for longSide in [nil, 24] {
        let plan = ResizePlan(fitting: size, longSide: longSide)
        let outcome = data.withUnsafeBytes { try? PNGFastDecoder.decode($0, plan: plan, limits: limits) }
        guard case .decoded(let fast) = outcome else { continue }
        let portable = data.withUnsafeBytes { try? PNGFastDecoder.decode($0, plan: plan, limits: limits, portableUnfilter: true) }
        guard case .decoded(let portableImage) = portable, portableImage == fast else {
            fatalError("png-fast: SSE2 and portable unfiltering disagree (\(size), long side \(String(describing: longSide)))")
        }
        do {
            let reference = try PNGDecoder.decode(data, plan: plan, limits: limits, path: .libpng)
            if reference != fast { fatalError("png-fast: pixels differ from libpng's (\(size), long side \(String(describing: longSide)))") }
        } catch {
            fatalError("png-fast: the fast path decoded a file libpng refuses: \(error)")
        }
    }
}

let pngFastHarnesses: [Harness] = [Harness(name: "png-fast", body: fastAgainstLibpng)]
