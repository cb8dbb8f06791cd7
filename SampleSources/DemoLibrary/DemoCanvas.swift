import PhotoImaging

/// A colour with straight alpha.
struct DemoColor: Sendable, Hashable {
    var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255

    /// `self` mixed with `other` by `amount` (0: self, 1: other).
    func mixed(with other: DemoColor, _ amount: Double) -> DemoColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
        return DemoColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue), alpha: mix(alpha, other.alpha))
    }

    /// The same colour with another alpha.
    func withAlpha(_ alpha: UInt8) -> DemoColor { DemoColor(red: red, green: green, blue: blue, alpha: alpha) }
}

/// A tiny raster painter for the demo photos: everything is drawn as horizontal spans, and
/// opaque spans are filled with doubling memory copies, so even 24-megapixel pictures are quick
/// in debug builds.
struct DemoCanvas {
    let width: Int
    let height: Int
    /// 3 (RGB) or 4 (RGBA).
    let channels: Int
    private(set) var pixels: [UInt8]

    /// A canvas of transparent black (RGBA) or black (RGB).
    init(width: Int, height: Int, alpha: Bool) {
        self.width = width
        self.height = height
        channels = alpha ? 4 : 3
        pixels = [UInt8](repeating: 0, count: width * height * channels)
    }

    /// Fills every row with a colour running from `top` to `bottom`.
    mutating func fillVerticalGradient(top: DemoColor, bottom: DemoColor, rows: Range<Int>? = nil) {
        let rows = rows ?? 0..<height
        for y in rows {
            let amount = rows.count > 1 ? Double(y - rows.lowerBound) / Double(rows.count - 1) : 0
            fillSpan(y: y, from: 0, to: width, top.mixed(with: bottom, amount))
        }
    }

    /// Fills pixels `x0..<x1` of row `y` (clipped), blending when `color` is not opaque.
    mutating func fillSpan(y: Int, from x0: Int, to x1: Int, _ color: DemoColor) {
        let start = max(0, x0), end = min(width, x1)
        guard y >= 0, y < height, start < end, color.alpha > 0 else { return }
        let channels = self.channels, rowStart = (y * width + start) * channels, count = end - start
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress! + rowStart
            if color.alpha == 255 {
                base[0] = color.red
                base[1] = color.green
                base[2] = color.blue
                if channels == 4 { base[3] = 255 }
                var filled = 1
                while filled < count {
                    let chunk = min(filled, count - filled)
                    (base + filled * channels).update(from: base, count: chunk * channels)
                    filled += chunk
                }
            } else {
                // Porter-Duff "over" with straight alpha.
                let alpha = Int(color.alpha)
                for index in 0..<count {
                    let pixel = base + index * channels
                    let keep = (channels == 4 ? Int(pixel[3]) : 255) * (255 - alpha) / 255
                    let total = alpha + keep
                    guard total > 0 else { continue }
                    pixel[0] = UInt8((Int(color.red) * alpha + Int(pixel[0]) * keep) / total)
                    pixel[1] = UInt8((Int(color.green) * alpha + Int(pixel[1]) * keep) / total)
                    pixel[2] = UInt8((Int(color.blue) * alpha + Int(pixel[2]) * keep) / total)
                    if channels == 4 { pixel[3] = UInt8(total) }
                }
            }
        }
    }

    /// Fills a rectangle.
    mutating func fillRect(x: Int, y: Int, width: Int, height: Int, _ color: DemoColor) {
        for row in max(0, y)..<max(max(0, y), min(self.height, y + height)) {
            fillSpan(y: row, from: x, to: x + width, color)
        }
    }

    /// Fills a disc.
    mutating func fillCircle(centerX: Int, centerY: Int, radius: Int, _ color: DemoColor) {
        guard radius > 0 else { return }
        for dy in -radius...radius {
            let half = Int((Double(radius * radius - dy * dy)).squareRoot())
            fillSpan(y: centerY + dy, from: centerX - half, to: centerX + half + 1, color)
        }
    }

    /// Fills a triangle given its corners.
    mutating func fillTriangle(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int), _ c: (x: Int, y: Int), _ color: DemoColor) {
        let corners = [a, b, c]
        let top = max(0, corners.map(\.y).min()!), bottom = min(height - 1, corners.map(\.y).max()!)
        guard top <= bottom else { return }
        let edges = [(a, b), (b, c), (c, a)]
        for y in top...bottom {
            let centre = Double(y) + 0.5
            var crossings: [Double] = []
            for (p, q) in edges where (Double(p.y) <= centre) != (Double(q.y) <= centre) {
                crossings.append(Double(p.x) + (centre - Double(p.y)) * Double(q.x - p.x) / Double(q.y - p.y))
            }
            guard crossings.count == 2 else { continue }
            fillSpan(y: y, from: Int(crossings.min()!.rounded()), to: Int(crossings.max()!.rounded()), color)
        }
    }

    /// Draws `text` with the 5×7 font, each font pixel `scale`×`scale`, top-left at (`x`, `y`).
    mutating func drawText(_ text: String, x: Int, y: Int, scale: Int, _ color: DemoColor) {
        var left = x
        for character in text {
            for (row, bits) in DemoFont.rows(of: character).enumerated() {
                for column in 0..<DemoFont.glyphWidth where bits & (0x10 >> UInt8(column)) != 0 {
                    fillRect(x: left + column * scale, y: y + row * scale, width: scale, height: scale, color)
                }
            }
            left += (DemoFont.glyphWidth + 1) * scale
        }
    }

    /// The width `text` takes when drawn at `scale`.
    static func textWidth(_ text: String, scale: Int) -> Int {
        max(0, text.count * (DemoFont.glyphWidth + 1) - 1) * scale
    }
}
