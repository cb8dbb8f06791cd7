import Foundation

/// Lanczos-3 filter weights for one axis, computed once per resize and reused for every row
/// (or column).
///
/// Output sample `i` is `Σ weights[i * stride + k] * input[starts[i] + k]` for `k < counts[i]`.
/// Weights near the edges cover only the valid input range and are renormalised to sum to 1,
/// so borders neither darken nor brighten.
struct ResampleWeights: Sendable {
    /// Input samples along the axis.
    let inputSize: Int
    /// Output samples along the axis.
    let outputSize: Int
    /// The first input index each output sample reads.
    let starts: [Int]
    /// How many input samples each output sample reads.
    let counts: [Int]
    /// Weights, `stride` per output sample.
    let weights: [Float]
    /// The distance between the weight lists of consecutive output samples.
    let stride: Int

    /// The Lanczos kernel's half-width in input pixels at scale 1.
    static let lobes = 3.0

    /// Weights mapping `inputSize` samples, starting at `offset` in the source, onto `outputSize`.
    /// `scale` is input samples per output sample (default `inputSize / outputSize`; a
    /// box-reduced input passes the original ratio divided by the box size). `origin` is where
    /// the output's first edge lies in input samples: non-zero, and `scale` not a ratio of
    /// whole numbers, when the input is a DCT-scaled decode whose pixels stand for a fractional
    /// extent of the image (640 rows at 1/2 are 320, but 427 rows are 213.5 in 214 pixels).
    init(inputSize: Int, outputSize: Int, offset: Int = 0, scale: Double? = nil, origin: Double = 0) {
        precondition(inputSize > 0 && outputSize > 0)
        self.inputSize = inputSize
        self.outputSize = outputSize
        if inputSize == outputSize, scale == nil, origin == 0 {  // identity: one tap of weight 1, exact and cheap
            starts = (0 ..< outputSize).map { $0 + offset }
            counts = [Int](repeating: 1, count: outputSize)
            weights = [Float](repeating: 1, count: outputSize)
            stride = 1
            return
        }
        let scale = scale ?? Double(inputSize) / Double(outputSize)
        let filterScale = max(scale, 1)
        let support = Self.lobes * filterScale
        let stride = Int((support * 2).rounded(.up)) + 2
        var starts = [Int](repeating: 0, count: outputSize)
        var counts = [Int](repeating: 0, count: outputSize)
        var weights = [Float](repeating: 0, count: outputSize * stride)
        var kernel = [Double](repeating: 0, count: stride)
        for index in 0 ..< outputSize {
            let centre = origin + (Double(index) + 0.5) * scale
            let first = max(0, Int(centre - support + 0.5))
            let end = min(inputSize, Int(centre + support + 0.5))
            var total = 0.0
            for tap in 0 ..< end - first {
                let value = Self.lanczos((Double(first + tap) - centre + 0.5) / filterScale)
                kernel[tap] = value
                total += value
            }
            starts[index] = first + offset
            counts[index] = end - first
            for tap in 0 ..< end - first {
                weights[index * stride + tap] = Float(total != 0 ? kernel[tap] / total : 0)
            }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
        self.stride = stride
    }

    /// The Lanczos-3 kernel: `sinc(x) · sinc(x / 3)` for |x| < 3, else 0.
    static func lanczos(_ x: Double) -> Double {
        let distance = abs(x)
        guard distance < lobes else { return 0 }
        guard distance > 1e-9 else { return 1 }
        let angle = Double.pi * distance
        return lobes * sin(angle) * sin(angle / lobes) / (angle * angle)
    }
}
