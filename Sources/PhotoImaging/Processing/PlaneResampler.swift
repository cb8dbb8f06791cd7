/// Lanczos-3 for one 8-bit plane held whole in memory (a raw JPEG decode's Y, Cb or Cr), four
/// source rows at a time.
///
/// ``StreamingResampler`` keeps a pixel in four float lanes (RGB plus a spare), so one channel
/// costs as much as three there. Here the four lanes hold four consecutive source rows of the
/// same column instead: one horizontal pass (the same SIMD kernel, weights splatted to four
/// lanes) resamples four rows at once, and the vertical pass multiplies each group of four
/// rows by the four rows' weights for an output row and adds the lanes at the end. A plane
/// costs about a quarter of an RGB image of the same size, and the result is the same
/// separable Lanczos-3 (floats, not yet rounded, so a caller can convert colour first).
enum PlaneResampler {
    /// Resamples the `crop` of a plane (`stride` bytes per row) with the given weights
    /// (relative to the crop; `horizontal.outputSize` × `vertical.outputSize` output samples).
    static func resample(
        _ plane: UnsafePointer<UInt8>, stride: Int, crop: PixelRect, horizontal: ResampleWeights, vertical: ResampleWeights
    ) -> [Float] {
        let outputWidth = horizontal.outputSize, outputHeight = vertical.outputSize
        let firstGroup = vertical.starts[0] / 4
        let endRow = (0 ..< outputHeight).reduce(0) { max($0, vertical.starts[$1] + vertical.counts[$1]) }
        let endGroup = (endRow + 3) / 4
        // Both are written whole before they are read: no zero fill.
        var groups = [SIMD4<Float>](unsafeUninitializedCapacity: (endGroup - firstGroup) * outputWidth) { $1 = $0.count }
        var lanes = [SIMD4<Float>](unsafeUninitializedCapacity: crop.width) { $1 = $0.count }
        let horizontalLanes = horizontal.weights.map { SIMD4(repeating: $0) }
        let lastRow = crop.height - 1
        lanes.withUnsafeMutableBufferPointer { lanes in
            groups.withUnsafeMutableBufferPointer { groups in
                for group in firstGroup ..< endGroup {
                    // Rows past the crop repeat its last row: their vertical weights are zero.
                    let row = { (lane: Int) in plane + (crop.y + min(group * 4 + lane, lastRow)) * stride + crop.x }
                    widen(row(0), row(1), row(2), row(3), count: crop.width, into: lanes)
                    let target = UnsafeMutableBufferPointer(rebasing: groups[(group - firstGroup) * outputWidth ..< (group - firstGroup + 1) * outputWidth])
                    StreamingResampler.resample(lanes, horizontal, weights: horizontalLanes, into: target)
                }
            }
        }
        var output = [Float](unsafeUninitializedCapacity: outputWidth * outputHeight) { $1 = $0.count }
        groups.withUnsafeBufferPointer { groups in
            output.withUnsafeMutableBufferPointer { output in
                guard let groupBase = groups.baseAddress, let outputBase = output.baseAddress else { return }
                var rowWeights = [SIMD4<Float>](repeating: .zero, count: vertical.stride / 4 + 2)
                for row in 0 ..< outputHeight {
                    let start = vertical.starts[row], count = vertical.counts[row]
                    let first = start / 4, last = (start + count - 1) / 4
                    for group in first ... last {
                        var weights = SIMD4<Float>.zero
                        for lane in 0 ..< 4 {
                            let tap = group * 4 + lane - start
                            if tap >= 0, tap < count { weights[lane] = vertical.weights[row * vertical.stride + tap] }
                        }
                        rowWeights[group - first] = weights
                    }
                    rowWeights.withUnsafeBufferPointer { weights in
                        guard let weights = weights.baseAddress else { return }
                        combine(groupBase + (first - firstGroup) * outputWidth, groupCount: last - first + 1, width: outputWidth,
                                weights: weights, into: outputBase + row * outputWidth)
                    }
                }
            }
        }
        return output
    }

    /// Four rows of bytes as float lanes: lane k of pixel x is `rowk[x]`.
    @inline(__always)
    private static func widen(
        _ row0: UnsafePointer<UInt8>, _ row1: UnsafePointer<UInt8>, _ row2: UnsafePointer<UInt8>, _ row3: UnsafePointer<UInt8>,
        count: Int, into lanes: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        for x in 0 ..< count {
            let bytes = SIMD4<UInt8>(row0[x], row1[x], row2[x], row3[x])
            lanes[x] = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
        }
    }

    /// One output row: `Σ weights[g] · rows[g]` over `groupCount` consecutive groups of four
    /// resampled rows (`width` pixels apart), lanes added.
    @inline(__always)
    private static func combine(
        _ rows: UnsafePointer<SIMD4<Float>>, groupCount: Int, width: Int, weights: UnsafePointer<SIMD4<Float>>,
        into output: UnsafeMutablePointer<Float>
    ) {
        for x in 0 ..< width {
            var sum0 = weights[0] * rows[x], sum1 = SIMD4<Float>.zero
            var group = 1
            while group &+ 1 < groupCount {
                sum0 += weights[group] * rows[group &* width &+ x]
                sum1 += weights[group &+ 1] * rows[(group &+ 1) &* width &+ x]
                group &+= 2
            }
            if group < groupCount { sum0 += weights[group] * rows[group &* width &+ x] }
            output[x] = (sum0 + sum1).sum()
        }
    }
}
