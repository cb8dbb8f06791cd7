extension PixelBuffer {
    /// The same image with 3 channels: gray is copied to R, G and B; alpha is composited on white.
    func flattenedToRGB() -> PixelBuffer {
        switch channels {
        case 3:
            return self
        case 1:
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for index in 0 ..< width * height {
                let value = pixels[index]
                rgb[index * 3] = value
                rgb[index * 3 + 1] = value
                rgb[index * 3 + 2] = value
            }
            return PixelBuffer(width: width, height: height, channels: 3, pixels: rgb)
        default:
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for index in 0 ..< width * height {
                let alpha = Int(pixels[index * 4 + 3])
                for channel in 0 ..< 3 {
                    // over white: c * a + 255 * (1 - a), rounded
                    let mixed = Int(pixels[index * 4 + channel]) * alpha + 255 * (255 - alpha)
                    rgb[index * 3 + channel] = UInt8((mixed + 127) / 255)
                }
            }
            return PixelBuffer(width: width, height: height, channels: 3, pixels: rgb)
        }
    }

    /// The same image as RGB or RGBA: gray is expanded, other buffers are returned unchanged.
    func expandedToColour() -> PixelBuffer {
        channels == 1 ? flattenedToRGB() : self
    }
}
