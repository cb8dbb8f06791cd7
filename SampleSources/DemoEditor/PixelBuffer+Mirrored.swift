import PhotoImaging

extension PixelBuffer {
    /// The image mirrored left–right (each row reversed, pixel by pixel).
    func mirroredLeftRight() -> PixelBuffer {
        let channels = channels, width = width
        var result = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let start = row * width * channels
                    for x in 0..<width {
                        let from = start + x * channels, to = start + (width - 1 - x) * channels
                        for channel in 0..<channels { target[to + channel] = source[from + channel] }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, channels: channels, pixels: result)
    }
}
