/// The per-row kernels: 8-bit samples to float lanes, and the horizontal pass.
///
/// Hot loops use wrapping index arithmetic (`&+`, indices are bounded by the buffers) and
/// several independent accumulators, so the float additions are not one long dependency chain.
extension StreamingResampler {
    /// Widens one row to four float lanes per pixel — gray in lane 0; RGB in lanes 0–2; RGBA
    /// premultiplied (colour × alpha / 255, alpha in lane 3) — summing `box` adjacent pixels
    /// into each lane, and onto what the lanes hold when `adding`.
    static func accumulate(
        _ row: UnsafeBufferPointer<UInt8>, channels: Int, box: Int,
        into lanes: UnsafeMutableBufferPointer<SIMD4<Float>>, adding: Bool
    ) {
        guard let source = row.baseAddress, !lanes.isEmpty else { return }
        let raw = UnsafeRawPointer(source)
        let width = row.count / channels
        switch channels {
        case 1:
            accumulate(width: width, box: box, into: lanes, adding: adding) { x in
                SIMD4(Float(source[x]), 0, 0, 0)
            }
        case 3:
            // Four-byte loads (masking off the next pixel's red) except for the last pixel,
            // which is read byte by byte so no load runs past the row.
            let mask = SIMD4<Float>(1, 1, 1, 0), last = width &- 1
            accumulate(width: width, box: box, into: lanes, adding: adding) { x in
                let offset = x &* 3
                guard x < last else {
                    return SIMD4(Float(source[offset]), Float(source[offset &+ 1]), Float(source[offset &+ 2]), 0)
                }
                let bytes = raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self)
                return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes)) * mask
            }
        default:
            accumulate(width: width, box: box, into: lanes, adding: adding) { x in
                let bytes = raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self)
                var pixel = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
                let alpha = pixel.w
                pixel.w = 255
                return pixel * (alpha * (1 / 255))
            }
        }
    }

    @inline(__always)
    private static func accumulate(
        width: Int, box: Int, into lanes: UnsafeMutableBufferPointer<SIMD4<Float>>, adding: Bool,
        _ pixel: (Int) -> SIMD4<Float>
    ) {
        if box == 1 {
            if adding {
                for x in 0 ..< width { lanes[x] += pixel(x) }
            } else {
                for x in 0 ..< width { lanes[x] = pixel(x) }
            }
            return
        }
        var x = 0
        for lane in 0 ..< lanes.count {
            var sum = adding ? lanes[lane] : .zero
            let end = min(width, x &+ box)
            while x < end {
                sum += pixel(x)
                x &+= 1
            }
            lanes[lane] = sum
        }
    }

    /// Turns box sums into averages (the last column box may be narrower).
    static func normalise(_ lanes: UnsafeMutableBufferPointer<SIMD4<Float>>, sourceWidth: Int, box: Int, rows: Int) {
        let full = SIMD4<Float>(repeating: 1 / Float(box * rows))
        for lane in 0 ..< lanes.count &- 1 { lanes[lane] *= full }
        let lastWidth = sourceWidth - (lanes.count - 1) * box
        lanes[lanes.count &- 1] *= SIMD4(repeating: 1 / Float(lastWidth * rows))
    }

    /// One horizontal pass: every output pixel is the weighted sum of its input taps.
    static func resample(
        _ lanes: UnsafeMutableBufferPointer<SIMD4<Float>>, _ axis: borrowing ResampleWeights,
        into output: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        guard let pixels = lanes.baseAddress else { return }
        axis.weights.withUnsafeBufferPointer { weights in
            axis.starts.withUnsafeBufferPointer { starts in
                axis.counts.withUnsafeBufferPointer { counts in
                    guard let allWeights = weights.baseAddress else { return }
                    let stride = axis.stride
                    for index in 0 ..< output.count {
                        let weight = allWeights + index &* stride
                        let source = pixels + starts[index]
                        output[index] = dot(weight, source, count: counts[index])
                    }
                }
            }
        }
    }

    /// `Σ weight[k] · source[k]` for `k < count`, with four independent partial sums.
    @inline(__always)
    private static func dot(_ weight: UnsafePointer<Float>, _ source: UnsafePointer<SIMD4<Float>>, count: Int) -> SIMD4<Float> {
        var sum0 = SIMD4<Float>.zero, sum1 = SIMD4<Float>.zero, sum2 = SIMD4<Float>.zero, sum3 = SIMD4<Float>.zero
        var tap = 0
        while tap &+ 4 <= count {
            sum0 += SIMD4(repeating: weight[tap]) * source[tap]
            sum1 += SIMD4(repeating: weight[tap &+ 1]) * source[tap &+ 1]
            sum2 += SIMD4(repeating: weight[tap &+ 2]) * source[tap &+ 2]
            sum3 += SIMD4(repeating: weight[tap &+ 3]) * source[tap &+ 3]
            tap &+= 4
        }
        while tap < count {
            sum0 += SIMD4(repeating: weight[tap]) * source[tap]
            tap &+= 1
        }
        return (sum0 + sum1) + (sum2 + sum3)
    }
}
