/// A separable Lanczos-3 resampler that takes source rows one at a time, in order, and keeps
/// only the output and a few accumulator rows: peak memory is bounded by the output size (plus
/// one source row), not the source size, so a decoder can stream a huge image through it.
///
/// Each source row is converted once to four float lanes per pixel (RGB plus a spare lane, or
/// premultiplied RGBA, or gray in the first lane). For large reductions (more than 8×) the
/// source is first averaged over integer boxes of at most a quarter of the reduction, like
/// JPEG's DCT shrink-on-load; the box's response at the output's Nyquist limit stays above
/// 97%, so this is invisible next to Lanczos-3 and makes huge reductions cost about one add per
/// source sample (rows are first summed per column, a loop the compiler vectorizes; the
/// horizontal box sums run once per box of rows). The (reduced) row is resampled horizontally
/// with one SIMD multiply-add per tap (weights pre-splatted to four lanes) and added, with its
/// vertical weight, to every output row whose filter covers it (at most `ringSize` rows at
/// once, up to four per pass over the row). An output row is finished, rounded with vector
/// code, as soon as its last source row arrives. Weights are cached per axis.
struct StreamingResampler: ~Copyable {
    /// Samples per pixel: 1, 3 or 4.
    let channels: Int
    /// The output size.
    let outputWidth: Int, outputHeight: Int
    private let crop: PixelRect
    /// Box sizes of the pre-reduction (1 when off).
    private let boxX: Int, boxY: Int
    private let horizontal: ResampleWeights
    /// The horizontal weights splatted to four lanes (one vector load per tap in the hot loop).
    private let horizontalLanes: [SIMD4<Float>]
    private let vertical: ResampleWeights
    /// One (box-reduced) source row as float lanes.
    private var sourceRow: [SIMD4<Float>]
    /// The current box's source rows summed per column: one `Int32` per sample for gray and
    /// RGB, four per pixel for RGBA (colour × alpha, then alpha). Empty without box reduction.
    private var columnSums: [Int32]
    /// Integer box sums, four per reduced pixel (empty without box reduction).
    private var boxSums: [Int32]
    /// One horizontally resampled row.
    private var scratch: [SIMD4<Float>]
    /// `ringSize` rows being accumulated vertically.
    private var accumulators: [SIMD4<Float>]
    private let ringSize: Int
    private var output: [UInt8]
    private var nextSourceRow = 0
    private var nextOutputRow = 0

    /// A resampler for `sourceWidth`×`sourceHeight` rows, reading only the `crop` rectangle
    /// (the whole source when `nil`) and producing `outputWidth`×`outputHeight`. Without
    /// `boxReduction` it is pure Lanczos-3 whatever the ratio (for reference images).
    ///
    /// `region` is the part of the source the output shows, exactly, in source pixels (the
    /// crop itself when `nil`); it lies within the crop and may have fractional edges: a
    /// DCT-scaled decode of an image whose size is not a multiple of the scale's denominator
    /// has a last row or column that stands for only part of a pixel.
    init(sourceWidth: Int, sourceHeight: Int, channels: Int, outputWidth: Int, outputHeight: Int,
         crop: PixelRect? = nil, region: ExactRegion? = nil, boxReduction: Bool = true) {
        let crop = crop ?? PixelRect(x: 0, y: 0, width: sourceWidth, height: sourceHeight)
        let region = region ?? ExactRegion(crop)
        precondition([1, 3, 4].contains(channels))
        precondition(crop.x >= 0 && crop.y >= 0 && crop.x + crop.width <= sourceWidth && crop.y + crop.height <= sourceHeight)
        // Everything is computed into locals first and stored once at the end.
        let scaleX = region.width / Double(outputWidth), scaleY = region.height / Double(outputHeight)
        let originX = region.x - Double(crop.x), originY = region.y - Double(crop.y)
        // Boxes of at most a quarter of the ratio, and at most 64 (so 64² · 255² fits in Int32).
        let boxX = boxReduction ? min(64, max(1, Int(scaleX / 4))) : 1
        let boxY = boxReduction ? min(64, max(1, Int(scaleY / 4))) : 1
        let reducedWidth = (crop.width + boxX - 1) / boxX, reducedHeight = (crop.height + boxY - 1) / boxY
        let exactX = originX == 0 && region.width == Double(crop.width)
        let exactY = originY == 0 && region.height == Double(crop.height)
        let horizontal = ResampleWeights.cached(
            inputSize: reducedWidth, outputSize: outputWidth,
            scale: boxX > 1 || !exactX ? scaleX / Double(boxX) : nil, origin: originX / Double(boxX))
        let vertical = ResampleWeights.cached(
            inputSize: reducedHeight, outputSize: outputHeight,
            scale: boxY > 1 || !exactY ? scaleY / Double(boxY) : nil, origin: originY / Double(boxY))
        var ring = 1
        for row in 0 ..< outputHeight {
            let end = vertical.starts[row] + vertical.counts[row]
            var open = 1
            while row + open < outputHeight, vertical.starts[row + open] < end { open += 1 }
            ring = max(ring, open)
        }
        self.channels = channels
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.crop = crop
        self.boxX = boxX
        self.boxY = boxY
        self.horizontal = horizontal
        horizontalLanes = horizontal.weights.map { SIMD4(repeating: $0) }
        self.vertical = vertical
        sourceRow = [SIMD4<Float>](repeating: .zero, count: reducedWidth)
        let boxed = boxX > 1 || boxY > 1
        columnSums = [Int32](repeating: 0, count: boxed ? crop.width * (channels == 4 ? 4 : channels) : 0)
        boxSums = [Int32](repeating: 0, count: boxed ? reducedWidth * 4 : 0)
        scratch = [SIMD4<Float>](repeating: .zero, count: outputWidth)
        ringSize = ring
        accumulators = [SIMD4<Float>](repeating: .zero, count: ring * outputWidth)
        output = [UInt8](repeating: 0, count: outputWidth * outputHeight * channels)
    }

    /// How many rows of output width the resampler holds besides the output itself
    /// (the horizontal scratch row and the accumulator ring; plus one reduced source row).
    var bufferedRowCount: Int { ringSize + 1 }

    /// Whether every output row is finished (later source rows are ignored).
    var isComplete: Bool { nextOutputRow == outputHeight }

    /// Adds the next source row (`sourceWidth * channels` samples).
    mutating func consume(row: UnsafeBufferPointer<UInt8>) {
        let local = nextSourceRow - crop.y
        nextSourceRow += 1
        guard local >= 0, local < crop.height, nextOutputRow < outputHeight else { return }
        let reducedRow = local / boxY
        guard vertical.starts[nextOutputRow] <= reducedRow else { return }
        let rowInBox = local % boxY
        let cropped = UnsafeBufferPointer(rebasing: row[crop.x * channels ..< (crop.x + crop.width) * channels])
        let boxed = !boxSums.isEmpty
        if boxed {
            columnSums.withUnsafeMutableBufferPointer { sums in
                Self.addColumns(cropped, channels: channels, into: sums, adding: rowInBox > 0)
            }
        } else {
            sourceRow.withUnsafeMutableBufferPointer { Self.widen(cropped, channels: channels, into: $0) }
        }
        guard rowInBox == boxY - 1 || local == crop.height - 1 else { return }
        sourceRow.withUnsafeMutableBufferPointer { lanes in
            if boxed {
                boxSums.withUnsafeMutableBufferPointer { sums in
                    columnSums.withUnsafeBufferPointer { columns in
                        Self.sumBoxes(columns, width: crop.width, channels: channels, box: boxX, into: sums)
                    }
                    Self.average(
                        UnsafeBufferPointer(sums), channels: channels, sourceWidth: crop.width, box: boxX, rows: rowInBox + 1,
                        into: lanes)
                }
            }
            scratch.withUnsafeMutableBufferPointer { Self.resample(lanes, horizontal, weights: horizontalLanes, into: $0) }
        }
        addToOutputRows(reducedRow)
    }

    /// Adds the resampled row `reducedRow` to the output rows it contributes to (up to four
    /// at a time, so each resampled pixel is loaded once per four rows), and finishes the rows
    /// it completes.
    private mutating func addToOutputRows(_ reducedRow: Int) {
        let width = outputWidth
        var slots = SIMD4<Int>.zero, weights = SIMD4<Float>.zero, pending = 0
        accumulators.withUnsafeMutableBufferPointer { accumulators in
            scratch.withUnsafeBufferPointer { scratch in
                guard let row = scratch.baseAddress, let base = accumulators.baseAddress else { return }
                var outputRow = nextOutputRow
                while outputRow < outputHeight, vertical.starts[outputRow] <= reducedRow {
                    let tap = reducedRow - vertical.starts[outputRow]
                    if tap < vertical.counts[outputRow] {
                        slots[pending] = (outputRow % ringSize) * width
                        weights[pending] = vertical.weights[outputRow * vertical.stride + tap]
                        pending += 1
                        if pending == 4 {
                            Self.scatter(row, width: width, into: base, slots: slots, weights: weights, count: 4)
                            pending = 0
                        }
                    }
                    outputRow += 1
                }
                Self.scatter(row, width: width, into: base, slots: slots, weights: weights, count: pending)
            }
        }
        while nextOutputRow < outputHeight,
              vertical.starts[nextOutputRow] + vertical.counts[nextOutputRow] <= reducedRow + 1 {
            finish(row: nextOutputRow)
            nextOutputRow += 1
        }
    }

    /// The resampled image; every source row must have been consumed.
    consuming func result() -> PixelBuffer {
        precondition(isComplete, "StreamingResampler needs every source row before result()")
        return PixelBuffer(width: outputWidth, height: outputHeight, channels: channels, pixels: output)
    }

    /// Converts the accumulator of `row` to 8-bit output (un-premultiplying RGBA) and clears it.
    private mutating func finish(row: Int) {
        let slot = (row % ringSize) * outputWidth
        let channels = channels, width = outputWidth
        accumulators.withUnsafeMutableBufferPointer { accumulators in
            output.withUnsafeMutableBufferPointer { output in
                guard let source = accumulators.baseAddress, let target = output.baseAddress else { return }
                Self.store(source + slot, width: width, channels: channels, into: target + row * width * channels)
            }
        }
    }
}
