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
            // Four-byte loads with the next pixel's red masked off as an integer, except for
            // the last pixel, which is read byte by byte so no load runs past the row.
            let last = width &- 1
            widen(width: last, into: lanes) { x in
                let word = raw.loadUnaligned(fromByteOffset: x &* 3, as: UInt32.self) & 0x00FF_FFFF
                return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(word, to: SIMD4<UInt8>.self)))
            }
            let offset = last &* 3
            lanes[last] = SIMD4(Float(source[offset]), Float(source[offset &+ 1]), Float(source[offset &+ 2]), 0)
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
    /// `weights` are the axis's weights splatted to four lanes.
    static func resample(
        _ lanes: UnsafeMutableBufferPointer<SIMD4<Float>>, _ axis: borrowing ResampleWeights, weights: [SIMD4<Float>],
        into output: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        guard let pixels = lanes.baseAddress else { return }
        weights.withUnsafeBufferPointer { weights in
            axis.starts.withUnsafeBufferPointer { starts in
                axis.counts.withUnsafeBufferPointer { counts in
                    guard let allWeights = weights.baseAddress else { return }
                    let stride = axis.stride
                    for index in 0 ..< output.count {
                        output[index] = dot(allWeights + index &* stride, pixels + starts[index], count: counts[index])
                    }
                }
            }
        }
    }

    /// `Σ weight[k] · source[k]` for `k < count`, with four independent partial sums.
    @inline(__always)
    private static func dot(
        _ weight: UnsafePointer<SIMD4<Float>>, _ source: UnsafePointer<SIMD4<Float>>, count: Int
    ) -> SIMD4<Float> {
        var sum0 = SIMD4<Float>.zero, sum1 = SIMD4<Float>.zero, sum2 = SIMD4<Float>.zero, sum3 = SIMD4<Float>.zero
        var tap = 0
        while tap &+ 4 <= count {
            sum0 += weight[tap] * source[tap]
            sum1 += weight[tap &+ 1] * source[tap &+ 1]
            sum2 += weight[tap &+ 2] * source[tap &+ 2]
            sum3 += weight[tap &+ 3] * source[tap &+ 3]
            tap &+= 4
        }
        while tap < count {
            sum0 += weight[tap] * source[tap]
            tap &+= 1
        }
        return (sum0 + sum1) + (sum2 + sum3)
    }

    /// Adds `row` (`width` pixels), times `weights[j]`, to the accumulator rows starting at
    /// `accumulators + slots[j]` for `j < count` (at most 4): each pixel is loaded once. Three
    /// rows are done as two and one.
    static func scatter(
        _ row: UnsafePointer<SIMD4<Float>>, width: Int, into accumulators: UnsafeMutablePointer<SIMD4<Float>>,
        slots: SIMD4<Int>, weights: SIMD4<Float>, count: Int
    ) {
        let a = accumulators + slots[0], b = accumulators + slots[1], c = accumulators + slots[2], d = accumulators + slots[3]
        let wa = SIMD4(repeating: weights[0]), wb = SIMD4(repeating: weights[1])
        let wc = SIMD4(repeating: weights[2]), wd = SIMD4(repeating: weights[3])
        switch count {
        case 4:
            for x in 0 ..< width {
                let pixel = row[x]
                a[x] += wa * pixel
                b[x] += wb * pixel
                c[x] += wc * pixel
                d[x] += wd * pixel
            }
        case 3:
            scatter(row, width: width, into: accumulators, slots: slots, weights: weights, count: 2)
            for x in 0 ..< width { c[x] += wc * row[x] }
        case 2:
            for x in 0 ..< width {
                let pixel = row[x]
                a[x] += wa * pixel
                b[x] += wb * pixel
            }
        case 1:
            for x in 0 ..< width { a[x] += wa * row[x] }
        default:
            break
        }
    }

    /// Rounds one accumulated row to 8-bit samples (un-premultiplying RGBA), writes them to
    /// `output` and clears the accumulator. RGB pixels are written as four bytes (the fourth
    /// is overwritten by the next pixel), except the last, so no store runs past the row.
    static func store(
        _ accumulator: UnsafeMutablePointer<SIMD4<Float>>, width: Int, channels: Int, into output: UnsafeMutablePointer<UInt8>
    ) {
        let raw = UnsafeMutableRawPointer(output)
        switch channels {
        case 1:
            for x in 0 ..< width {
                output[x] = UInt8(truncatingIfNeeded: round(accumulator[x])[0])
                accumulator[x] = .zero
            }
        case 3:
            let last = width &- 1
            for x in 0 ..< last {
                raw.storeBytes(of: bytes(round(accumulator[x])), toByteOffset: x &* 3, as: SIMD4<UInt8>.self)
                accumulator[x] = .zero
            }
            let pixel = round(accumulator[last])
            for channel in 0 ..< 3 { output[last &* 3 &+ channel] = UInt8(truncatingIfNeeded: pixel[channel]) }
            accumulator[last] = .zero
        default:
            for x in 0 ..< width {
                var pixel = accumulator[x]
                let alpha = pixel.w
                pixel *= SIMD4(repeating: alpha > 0.5 ? 255 / alpha : 0)
                pixel.w = alpha
                raw.storeBytes(of: bytes(round(pixel)), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
                accumulator[x] = .zero
            }
        }
    }

    /// Clamps to 0...255 and rounds half up (`⌊v + 0.5⌋`, like the scalar `UInt8(v + 0.5)`):
    /// the 8-bit values, as integers. Vector code only: adding 2²³ leaves a float in 0..<2²³
    /// rounded to an integer in its low mantissa bits.
    @inline(__always)
    static func round(_ pixel: SIMD4<Float>) -> SIMD4<Int32> {
        let zero = SIMD4<Float>(repeating: 0), top = SIMD4<Float>(repeating: 255), magic = SIMD4<Float>(repeating: 8_388_608)
        var value = pixel
        value.replace(with: zero, where: value .< zero)
        value.replace(with: top, where: value .> top)
        value += SIMD4(repeating: 0.5)
        var nearest = (value + magic) - magic
        nearest.replace(with: nearest - SIMD4(repeating: 1), where: nearest .> value)  // round-to-even went up: floor
        return unsafeBitCast(nearest + magic, to: SIMD4<Int32>.self) & SIMD4(repeating: 0xFF)
    }

    @inline(__always)
    private static func bytes(_ values: SIMD4<Int32>) -> SIMD4<UInt8> {
        SIMD4<UInt8>(truncatingIfNeeded: values)
    }
}
