import PhotoImaging
import PhotoSourceKit

/// A picture drawn with `▀` half blocks: each character shows two pixels, the upper one as the
/// foreground colour and the lower one as the background. 24-bit colour escapes when the
/// terminal has them, else the nearest of xterm's 256 colours. Alpha is composited on black.
struct TerminalPicture: Sendable {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// 1 (gray), 3 (RGB) or 4 (RGBA, straight alpha).
    let channels: Int
    /// `width × height × channels` samples, row after row.
    let samples: [UInt8]
    /// Whether to write 24-bit escapes (`COLORTERM=truecolor`) instead of 256-colour ones.
    let trueColor: Bool

    /// A picture of decoded pixels.
    init(_ pixels: PixelBuffer, trueColor: Bool) {
        self.init(width: pixels.width, height: pixels.height, channels: pixels.channels, samples: pixels.pixels, trueColor: trueColor)
    }

    /// A picture of raw samples; `samples` must hold `width × height × channels` values.
    init(width: Int, height: Int, channels: Int, samples: [UInt8], trueColor: Bool) {
        precondition([1, 3, 4].contains(channels) && samples.count == width * height * channels, "samples do not match the size")
        self.width = width
        self.height = height
        self.channels = channels
        self.samples = samples
        self.trueColor = trueColor
    }

    /// The long side, in pixels, at which an image of `size` fits `columns` pixels across and
    /// `pixelRows` down (never more than its own long side, never less than 1).
    static func longSide(fitting size: PixelSize, columns: Int, pixelRows: Int) -> Int {
        let scale = min(1, Double(columns) / Double(max(1, size.width)), Double(pixelRows) / Double(max(1, size.height)))
        return max(1, Int((Double(max(size.width, size.height)) * scale).rounded(.down)))
    }

    /// One string per two rows of pixels, each ending with a reset.
    func lines() -> [String] {
        stride(from: 0, to: height, by: 2).map { top in
            var line = ""
            for x in 0..<width {
                line += escape(color(x, top), layer: 38)
                line += top + 1 < height ? escape(color(x, top + 1), layer: 48) : "\u{1B}[49m"
                line += "▀"
            }
            return line + "\u{1B}[0m"
        }
    }

    /// The colour at (`x`, `y`) as RGB.
    func color(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let start = (y * width + x) * channels
        let pixel = samples[start..<start + channels].map(Int.init)
        switch channels {
        case 1: return (pixel[0], pixel[0], pixel[0])
        case 3: return (pixel[0], pixel[1], pixel[2])
        default:
            let alpha = pixel[3]
            return (pixel[0] * alpha / 255, pixel[1] * alpha / 255, pixel[2] * alpha / 255)
        }
    }

    private func escape(_ color: (red: Int, green: Int, blue: Int), layer: Int) -> String {
        if trueColor { return "\u{1B}[\(layer);2;\(color.red);\(color.green);\(color.blue)m" }
        return "\u{1B}[\(layer);5;\(Self.xterm256(color))m"
    }

    /// The nearest xterm-256 colour: the 6×6×6 cube (16–231) or the gray ramp (232–255).
    static func xterm256(_ color: (red: Int, green: Int, blue: Int)) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }!
        }
        let cube = (nearestLevel(color.red), nearestLevel(color.green), nearestLevel(color.blue))
        let cubeColor = (levels[cube.0], levels[cube.1], levels[cube.2])
        let average = (color.red + color.green + color.blue) / 3
        let grayStep = min(23, max(0, (average - 8 + 5) / 10))
        let gray = 8 + grayStep * 10
        func distance(_ other: (Int, Int, Int)) -> Int {
            let (dr, dg, db) = (color.red - other.0, color.green - other.1, color.blue - other.2)
            return dr * dr + dg * dg + db * db
        }
        if distance((gray, gray, gray)) < distance(cubeColor) { return 232 + grayStep }
        return 16 + 36 * cube.0 + 6 * cube.1 + cube.2
    }
}
