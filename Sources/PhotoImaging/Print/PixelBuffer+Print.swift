extension PixelBuffer {
    /// The pixels of `rect` (which must lie inside the image), copied.
    func cropped(to rect: PixelRect) -> PixelBuffer {
        if rect.x == 0, rect.y == 0, rect.width == width, rect.height == height { return self }
        let rowBytes = rect.width * channels
        let result = [UInt8](unsafeUninitializedCapacity: rowBytes * rect.height) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<rect.height {
                    let from = ((rect.y + row) * width + rect.x) * channels
                    target.baseAddress!.advanced(by: row * rowBytes)
                        .initialize(from: source.baseAddress!.advanced(by: from), count: rowBytes)
                }
            }
            initialized = rowBytes * rect.height
        }
        return PixelBuffer(width: rect.width, height: rect.height, channels: channels, pixels: result)
    }

    /// The image with `left`, `top`, `right` and `bottom` pixels added, each the edge mirrored
    /// (the edge row itself is not repeated); an edge wider than the image repeats the mirror.
    func mirrorPadded(left: Int, top: Int, right: Int, bottom: Int) -> PixelBuffer {
        if left == 0, top == 0, right == 0, bottom == 0 { return self }
        let outWidth = width + left + right, outHeight = height + top + bottom
        let columns = (0..<outWidth).map { Self.mirrored($0 - left, count: width) }
        var result = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
        for y in 0..<outHeight {
            let sourceRow = Self.mirrored(y - top, count: height) * width
            for x in 0..<outWidth {
                let from = (sourceRow + columns[x]) * channels, to = (y * outWidth + x) * channels
                for channel in 0..<channels { result[to + channel] = pixels[from + channel] }
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, channels: channels, pixels: result)
    }

    /// The image centred on a white canvas of `canvasWidth`×`canvasHeight` (at least its own size).
    func centred(onWhiteWidth canvasWidth: Int, height canvasHeight: Int) -> PixelBuffer {
        if canvasWidth == width, canvasHeight == height { return self }
        var result = [UInt8](repeating: 255, count: canvasWidth * canvasHeight * channels)
        let left = (canvasWidth - width) / 2, top = (canvasHeight - height) / 2
        let rowBytes = width * channels
        for row in 0..<height {
            let to = ((top + row) * canvasWidth + left) * channels
            result.replaceSubrange(to..<(to + rowBytes), with: pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
        }
        return PixelBuffer(width: canvasWidth, height: canvasHeight, channels: channels, pixels: result)
    }

    /// The index a mirror (reflect-101) of `index` lands on in `0..<count`.
    private static func mirrored(_ index: Int, count: Int) -> Int {
        guard count > 1 else { return 0 }
        let period = 2 * (count - 1)
        var folded = index % period
        if folded < 0 { folded += period }
        return folded < count ? folded : period - folded
    }
}
