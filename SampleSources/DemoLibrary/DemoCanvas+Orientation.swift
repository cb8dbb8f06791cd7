import PhotoImaging

extension DemoCanvas {
    /// The pixels to store so that a viewer applying `orientation` shows this canvas upright.
    ///
    /// For `.right` (EXIF 6) the viewer turns the stored image a quarter clockwise, so the
    /// stored image is this canvas turned a quarter counter-clockwise; the other cases likewise.
    func storedPixels(for orientation: ExifOrientation) -> PixelBuffer {
        guard orientation != .up else {
            return PixelBuffer(width: width, height: height, channels: channels, pixels: pixels)
        }
        let swaps = orientation.swapsDimensions
        let storedWidth = swaps ? height : width, storedHeight = swaps ? width : height
        let (w, h) = (width, height)
        // Where stored pixel (sx, sy) comes from in this (display) canvas.
        let source: (Int, Int) -> (x: Int, y: Int) = switch orientation {
        case .up: { ($0, $1) }
        case .upMirrored: { (w - 1 - $0, $1) }
        case .down: { (w - 1 - $0, h - 1 - $1) }
        case .downMirrored: { ($0, h - 1 - $1) }
        case .leftMirrored: { ($1, $0) }
        case .right: { (w - 1 - $1, $0) }
        case .rightMirrored: { (w - 1 - $1, h - 1 - $0) }
        case .left: { ($1, h - 1 - $0) }
        }
        var stored = [UInt8](repeating: 0, count: pixels.count)
        let channels = self.channels
        pixels.withUnsafeBufferPointer { display in
            stored.withUnsafeMutableBufferPointer { output in
                var target = 0
                for sy in 0..<storedHeight {
                    for sx in 0..<storedWidth {
                        let (x, y) = source(sx, sy)
                        let from = (y * w + x) * channels
                        for channel in 0..<channels { output[target + channel] = display[from + channel] }
                        target += channels
                    }
                }
            }
        }
        return PixelBuffer(width: storedWidth, height: storedHeight, channels: channels, pixels: stored)
    }
}
