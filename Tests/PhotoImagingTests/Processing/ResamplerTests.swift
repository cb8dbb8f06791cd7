import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("Resampler")
struct ResamplerTests {
    @Test("Thumbnails match a full decode + Lanczos reference to ≥ 50 dB", arguments: [ImageFormat.png, .jpeg])
    func psnr(format: ImageFormat) throws {
        let source = SyntheticImages.photographic(width: 800, height: 600)
        let data = format == .png ? try ImageEncoder.png(source) : try ImageEncoder.jpeg(source, quality: 95)

        let thumbnail = try ThumbnailRenderer.render(data, spec: ThumbnailSpec(maxPixelSize: 100, format: .png))

        let reference = Resampler.lanczos(try ImageDecoder.decodeFull(data), width: 100, height: 75)
        let psnr = ImageMetrics.lumaPSNR(try ImageDecoder.decodeFull(thumbnail.data), reference)
        #expect(psnr >= 50, "PSNR \(psnr) dB")
    }

    @Test("Box pre-reduction of large ratios stays within 50 dB of exact Lanczos", arguments: [3, 4])
    func boxReduction(channels: Int) {
        // Odd sizes, so the last box in each direction is partial.
        let rgb = SyntheticImages.photographic(width: 803, height: 601)
        var rgba: [UInt8] = []
        for index in 0 ..< rgb.width * rgb.height {
            let alpha = UInt8(128 + index % 128)
            rgba += [rgb.pixels[index * 3], rgb.pixels[index * 3 + 1], rgb.pixels[index * 3 + 2], alpha]
        }
        let image = channels == 3 ? rgb : PixelBuffer(width: rgb.width, height: rgb.height, channels: 4, pixels: rgba)
        let plan = ResizePlan(width: 61, height: 46, squareCrop: false)

        let fast = image.resized(to: plan)
        let exact = image.resized(to: plan, exact: true)

        #expect(fast.pixels != exact.pixels)  // the box path really ran
        #expect(ImageMetrics.lumaPSNR(fast, exact) >= 50)
    }

    @Test("A zone plate shows no moiré after downscaling")
    func zonePlate() {
        let plate = SyntheticImages.zonePlate(size: 512)

        let lanczos = Resampler.lanczos(plate, width: 64, height: 64)
        let nearest = SyntheticImages.nearest(plate, width: 64, height: 64)

        // Beyond radius 16 of 32 the source frequency exceeds the output's Nyquist limit: a
        // correct filter leaves flat gray there, point sampling leaves strong false rings.
        func outerEnergy(_ image: PixelBuffer) -> Double {
            var sum = 0.0, count = 0.0
            for y in 0 ..< 64 {
                for x in 0 ..< 64 {
                    let radius = hypot(Double(x) - 31.5, Double(y) - 31.5)
                    guard radius > 20, radius < 31 else { continue }
                    sum += pow(Double(image.pixels[y * 64 + x]) - 127.5, 2)
                    count += 1
                }
            }
            return sum / count
        }
        #expect(outerEnergy(lanczos) < outerEnergy(nearest) / 20, "\(outerEnergy(lanczos)) vs \(outerEnergy(nearest))")
    }

    @Test("A flat image stays flat, including its borders", arguments: [1, 3, 4])
    func flat(channels: Int) {
        let image = PixelBuffer(width: 37, height: 23, channels: channels, pixels: [UInt8](repeating: 77, count: 37 * 23 * channels))
        #expect(Resampler.lanczos(image, width: 10, height: 7).pixels.allSatisfy { $0 == 77 })
        #expect(Resampler.lanczos(image, width: 50, height: 31).pixels.allSatisfy { $0 == 77 })
    }

    @Test("Weights of every output sample sum to one", arguments: [(1000, 7), (256, 100), (5, 5), (3, 17)])
    func weights(input: Int, output: Int) {
        let axis = ResampleWeights(inputSize: input, outputSize: output)
        for index in 0 ..< output {
            let sum = (0 ..< axis.counts[index]).map { axis.weights[index * axis.stride + $0] }.reduce(0, +)
            #expect(abs(sum - 1) < 1e-4)
            #expect(axis.starts[index] >= 0 && axis.starts[index] + axis.counts[index] <= input)
        }
    }

    @Test("Transparent pixels do not bleed their colour into opaque ones")
    func premultipliedAlpha() {
        // Left half opaque white, right half fully transparent *black*.
        var pixels: [UInt8] = []
        for _ in 0 ..< 8 { for x in 0 ..< 16 { pixels += x < 8 ? [255, 255, 255, 255] : [0, 0, 0, 0] } }
        let image = PixelBuffer(width: 16, height: 8, channels: 4, pixels: pixels)

        let half = Resampler.lanczos(image, width: 4, height: 2)

        for x in 0 ..< 4 where half[x, 0][3] > 16 {
            #expect(Array(half[x, 0].prefix(3)) == [255, 255, 255])
        }
    }

    @Test("Fitting never upscales")
    func fitting() {
        let image = SyntheticImages.gradient(width: 30, height: 20)
        #expect(Resampler.lanczos(image, fittingLongSide: 100) == image)
        let smaller = Resampler.lanczos(image, fittingLongSide: 15)
        #expect(smaller.width == 15 && smaller.height == 10)
    }
}
