extension PixelBuffer {
    /// This decode resampled (and centre-cropped when asked) to `plan`; `self` when it already
    /// matches. `exact` disables the box pre-reduction (pure Lanczos-3, for references).
    /// `extent` is the fractional size the pixels stand for after DCT scaling
    /// (see ``ResizePlan/resampler(sourceWidth:sourceHeight:channels:exact:extent:)``).
    func resized(to plan: ResizePlan, exact: Bool = false, extent: (width: Double, height: Double)? = nil) -> PixelBuffer {
        let crop = plan.crop(sourceWidth: width, sourceHeight: height)
        let wholeExtent = extent.map { $0.width == Double(width) && $0.height == Double(height) } ?? true
        if wholeExtent, crop.width == width, crop.height == height, plan.width == width, plan.height == height { return self }
        var resampler = plan.resampler(
            sourceWidth: width, sourceHeight: height, channels: channels, exact: exact, extent: wholeExtent ? nil : extent)
        pixels.withUnsafeBufferPointer { pixels in
            for row in 0 ..< height where !resampler.isComplete {
                resampler.consume(row: UnsafeBufferPointer(rebasing: pixels[row * bytesPerRow ..< (row + 1) * bytesPerRow]))
            }
        }
        return resampler.result()
    }

    /// Adobe-style inverted CMYK (as libjpeg stores it: 255 = no ink) converted to RGB:
    /// `R = C · K / 255`, and likewise for G and B.
    func convertedFromInvertedCMYK() -> PixelBuffer {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeBufferPointer { cmyk in
            for index in 0 ..< width * height {
                let black = Int(cmyk[index * 4 + 3])
                for channel in 0 ..< 3 {
                    rgb[index * 3 + channel] = UInt8((Int(cmyk[index * 4 + channel]) * black + 127) / 255)
                }
            }
        }
        return PixelBuffer(width: width, height: height, channels: 3, pixels: rgb)
    }
}
