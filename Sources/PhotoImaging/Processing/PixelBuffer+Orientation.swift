extension PixelBuffer {
    /// The image turned upright for `orientation` (a copy; `self` when already `.up`).
    func oriented(_ orientation: ExifOrientation) -> PixelBuffer {
        guard orientation != .up else { return self }
        let (outputWidth, outputHeight) = orientation.swapsDimensions ? (height, width) : (width, height)
        // Source pixel of display (X, Y) = origin + X * stepX + Y * stepY, in pixels.
        let last = (x: width - 1, y: height - 1)
        let (origin, stepX, stepY): ((Int, Int), (Int, Int), (Int, Int)) = switch orientation {
        case .up: ((0, 0), (1, 0), (0, 1))
        case .upMirrored: ((last.x, 0), (-1, 0), (0, 1))
        case .down: ((last.x, last.y), (-1, 0), (0, -1))
        case .downMirrored: ((0, last.y), (1, 0), (0, -1))
        case .leftMirrored: ((0, 0), (0, 1), (1, 0))
        case .right: ((0, last.y), (0, -1), (1, 0))
        case .rightMirrored: ((last.x, last.y), (0, -1), (-1, 0))
        case .left: ((last.x, 0), (0, 1), (-1, 0))
        }
        let channels = channels, width = width
        let stepXOffset = (stepX.1 * width + stepX.0) * channels
        let stepYOffset = (stepY.1 * width + stepY.0) * channels
        var result = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { destination in
                var target = 0
                for row in 0 ..< outputHeight {
                    var from = (origin.1 * width + origin.0) * channels + row * stepYOffset
                    for _ in 0 ..< outputWidth {
                        for channel in 0 ..< channels { destination[target + channel] = source[from + channel] }
                        target += channels
                        from += stepXOffset
                    }
                }
            }
        }
        return PixelBuffer(width: outputWidth, height: outputHeight, channels: channels, pixels: result)
    }
}
