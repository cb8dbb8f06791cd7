/// The per-row kernels: 8-bit samples to float lanes, and the horizontal pass.
///
/// Hot loops use wrapping index arithmetic (`&+`, indices are bounded by the buffers) and
/// several independent accumulators, so the float additions are not one long dependency chain.
extension StreamingResampler {
    /// Widens one row to four float lanes per pixel — gray in lane 0; RGB in lanes 0–2; RGBA
    /// premultiplied (colour × alpha / 255, alpha in lane 3).
    static func widen(
        _ row: UnsafeBufferPointer<UInt8>, channels: Int, into lanes: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        guard let source = row.baseAddress, !lanes.isEmpty else { return }
        let raw = UnsafeRawPointer(source)
        let width = row.count / channels
        switch channels {
        case 1:
            widen(width: width, into: lanes) { x in
                SIMD4(Float(source[x]), 0, 0, 0)
            }
        case 3:
            // Four-byte loads (masking off the next pixel's red) except for the last pixel,
            // which is read byte by byte so no load runs past the row.
            let mask = SIMD4<Float>(1, 1, 1, 0), last = width &- 1
            widen(width: width, into: lanes) { x in
                let offset = x &* 3
                guard x < last else {
                    return SIMD4(Float(source[offset]), Float(source[offset &+ 1]), Float(source[offset &+ 2]), 0)
                }
                let bytes = raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self)
                return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes)) * mask
            }
        default:
            widen(width: width, into: lanes) { x in
                let bytes = raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self)
                var pixel = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: bytes))
                let alpha = pixel.w
                pixel.w = 255
                return pixel * (alpha * (1 / 255))
            }
        }
    }

    @inline(__always)
    private static func widen(
        width: Int, into lanes: UnsafeMutableBufferPointer<SIMD4<Float>>, _ pixel: (Int) -> SIMD4<Float>
    ) {
        for x in 0 ..< width { lanes[x] = pixel(x) }
    }

    /// Adds one source row to the per-column sums of the current box of rows (or starts them
    /// when not `adding`): one integer add per sample, in a loop the compiler vectorizes. RGBA
    /// is premultiplied on the way in (colour × alpha, then alpha), so each pixel takes four
    /// lanes. Boxes are capped at 64 × 64, so even RGBA sums fit in `Int32`.
    static func addColumns(
        _ row: UnsafeBufferPointer<UInt8>, channels: Int, into sums: UnsafeMutableBufferPointer<Int32>, adding: Bool
    ) {
        guard let source = row.baseAddress, let target = sums.baseAddress else { return }
        if channels == 4 {
            let raw = UnsafeRawPointer(source), width = row.count / 4
            for x in 0 ..< width {
                let pixel = SIMD4<Int32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
                let weighted = pixel &* SIMD4(pixel.w, pixel.w, pixel.w, 1)
                let at = UnsafeMutableRawPointer(target + x &* 4)
                let sum = adding ? at.loadUnaligned(as: SIMD4<Int32>.self) &+ weighted : weighted
                at.storeBytes(of: sum, as: SIMD4<Int32>.self)
            }
        } else if adding {
            for index in 0 ..< row.count { target[index] &+= Int32(source[index]) }
        } else {
            for index in 0 ..< row.count { target[index] = Int32(source[index]) }
        }
    }

    /// Sums `box` adjacent columns of the column sums into integer lanes, four per reduced
    /// pixel (gray or R, G, B, and for RGBA the premultiplied colour with alpha in the fourth).
    static func sumBoxes(
        _ columns: UnsafeBufferPointer<Int32>, width: Int, channels: Int, box: Int,
        into sums: UnsafeMutableBufferPointer<Int32>
    ) {
        guard let column = columns.baseAddress, let target = sums.baseAddress else { return }
        switch channels {
        case 1: sumBoxes(width: width, box: box, into: target) { x in SIMD4(column[x], 0, 0, 0) }
        case 3: sumBoxes(width: width, box: box, into: target) { x in
            let base = column + x &* 3
            return SIMD4(base[0], base[1], base[2], 0)
        }
        default: sumBoxes(width: width, box: box, into: target) { x in
            UnsafeRawPointer(column + x &* 4).loadUnaligned(as: SIMD4<Int32>.self)
        }
        }
    }

    @inline(__always)
    private static func sumBoxes(
        width: Int, box: Int, into target: UnsafeMutablePointer<Int32>, _ pixel: (Int) -> SIMD4<Int32>
    ) {
        var x = 0, lane = 0
        while x < width {
            let end = min(width, x &+ box)
            var total = pixel(x)
            x &+= 1
            while x < end { total &+= pixel(x); x &+= 1 }
            UnsafeMutableRawPointer(target + lane &* 4).storeBytes(of: total, as: SIMD4<Int32>.self)
            lane &+= 1
        }
    }

    /// Turns integer box sums into averaged float lanes (premultiplied for RGBA; the last
    /// column box may be narrower).
    static func average(
        _ sums: UnsafeBufferPointer<Int32>, channels: Int, sourceWidth: Int, box: Int, rows: Int,
        into lanes: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        let colourScale: Float = channels == 4 ? 1 / 255 : 1
        let last = lanes.count &- 1
        let full = 1 / Float(box * rows), partial = 1 / Float((sourceWidth - last * box) * rows)
        for lane in 0 ..< lanes.count {
            let at = lane &* 4
            let sum = SIMD4<Float>(Float(sums[at]), Float(sums[at &+ 1]), Float(sums[at &+ 2]), Float(sums[at &+ 3]))
            let scale = lane == last ? partial : full
            lanes[lane] = sum * SIMD4(colourScale * scale, colourScale * scale, colourScale * scale, scale)
        }
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
