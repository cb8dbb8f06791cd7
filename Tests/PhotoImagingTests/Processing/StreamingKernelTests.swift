import Testing
@testable import PhotoImaging

/// The streaming resampler's vector kernels (splatted horizontal weights, vertical scatter to up
/// to four rows per pass, vector rounding, cached weights) against a direct double-precision
/// evaluation.
@Suite("Streaming resampler kernels")
struct StreamingKernelTests {
    /// Every output sample as `⌊Σ wy · Σ wx · source + 0.5⌋`, clamped, from the same weights.
    static func direct(_ image: PixelBuffer, width: Int, height: Int) -> [UInt8] {
        let across = ResampleWeights(inputSize: image.width, outputSize: width)
        let down = ResampleWeights(inputSize: image.height, outputSize: height)
        var output = [UInt8](repeating: 0, count: width * height * image.channels)
        for y in 0 ..< height {
            for x in 0 ..< width {
                for channel in 0 ..< image.channels {
                    var sum = 0.0
                    for j in 0 ..< down.counts[y] {
                        let row = down.starts[y] + j
                        var line = 0.0
                        for i in 0 ..< across.counts[x] {
                            let column = across.starts[x] + i
                            line += Double(across.weights[x * across.stride + i])
                                * Double(image.pixels[(row * image.width + column) * image.channels + channel])
                        }
                        sum += Double(down.weights[y * down.stride + j]) * line
                    }
                    output[(y * width + x) * image.channels + channel] = UInt8(max(0, min(255, sum)) + 0.5)
                }
            }
        }
        return output
    }

    @Test("Matches the direct evaluation within one level (odd sizes, down and up)",
          arguments: [(1, 61, 47), (3, 61, 47), (3, 40, 31), (3, 203, 151), (1, 250, 190)])
    func matchesDirect(channels: Int, width: Int, height: Int) {
        let rgb = SyntheticImages.photographic(width: 121, height: 93)
        let image = channels == 3 ? rgb : PixelBuffer(
            width: rgb.width, height: rgb.height, channels: 1, pixels: stride(from: 0, to: rgb.pixels.count, by: 3).map { rgb.pixels[$0] })

        let streamed = Resampler.lanczos(image, width: width, height: height)
        let expected = Self.direct(image, width: width, height: height)

        let worst = zip(streamed.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest difference \(worst)")
    }

    @Test("Rounding clamps to 0…255 and rounds halves up, like UInt8(v + 0.5)")
    func rounding() {
        let values: [Float] = [-3, 0.49, 0.5, 1.5, 2.5, 127.49999, 254.5, 255.2, 300, 7]
        var lanes = values.map { SIMD4<Float>($0, $0, $0, 0) }
        var output = [UInt8](repeating: 9, count: values.count * 3)
        lanes.withUnsafeMutableBufferPointer { lanes in
            output.withUnsafeMutableBufferPointer { output in
                StreamingResampler.store(lanes.baseAddress!, width: values.count, channels: 3, into: output.baseAddress!)
            }
        }
        let expected: [UInt8] = [0, 0, 1, 2, 3, 127, 255, 255, 255, 7]
        #expect(output == expected.flatMap { [$0, $0, $0] })
        #expect(lanes.allSatisfy { $0 == .zero })  // the accumulator is cleared for its next row
    }

    @Test("Cached weights are the weights computed afresh")
    func cachedWeights() {
        let fresh = ResampleWeights(inputSize: 500, outputSize: 256, scale: 1.953125, origin: 0.25)
        let first = ResampleWeights.cached(inputSize: 500, outputSize: 256, scale: 1.953125, origin: 0.25)
        let second = ResampleWeights.cached(inputSize: 500, outputSize: 256, scale: 1.953125, origin: 0.25)
        #expect(first.weights == fresh.weights && first.starts == fresh.starts && first.counts == fresh.counts)
        #expect(second.weights == fresh.weights && second.stride == fresh.stride)
        let other = ResampleWeights.cached(inputSize: 500, outputSize: 255, scale: nil, origin: 0)
        #expect(other.outputSize == 255)
    }
}
