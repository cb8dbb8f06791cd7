/// A resampled YCbCr image as float planes (not yet rounded): luma at the output size, chroma
/// at half of it (rounded up), as a 4:2:0 thumbnail stores them.
struct YCbCrImage: Sendable {
    /// Luma size.
    var width: Int, height: Int
    /// `width × height` luma samples, row after row.
    var luma: [Float]
    /// Chroma size.
    var chromaWidth: Int, chromaHeight: Int
    /// `chromaWidth × chromaHeight` samples each, centred on 128.
    var cb: [Float], cr: [Float]

    /// The three planes rounded to 8-bit one-channel buffers: Y, Cb, Cr.
    func roundedPlanes() -> (y: PixelBuffer, cb: PixelBuffer, cr: PixelBuffer) {
        (Self.rounded(luma, width: width, height: height),
         Self.rounded(cb, width: chromaWidth, height: chromaHeight),
         Self.rounded(cr, width: chromaWidth, height: chromaHeight))
    }

    /// Float samples clamped to 0...255 and rounded half up, as a one-channel buffer (four
    /// at a time with the resampler's vector rounding).
    static func rounded(_ samples: [Float], width: Int, height: Int) -> PixelBuffer {
        let count = samples.count
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            samples.withUnsafeBufferPointer { samples in
                guard let source = samples.baseAddress, let target = bytes.baseAddress else { return }
                let raw = UnsafeRawPointer(source), out = UnsafeMutableRawPointer(target)
                var index = 0
                while index &+ 4 <= count {
                    let values = raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<Float>.self)
                    let rounded = SIMD4<UInt8>(truncatingIfNeeded: StreamingResampler.round(values))
                    out.storeBytes(of: rounded, toByteOffset: index, as: SIMD4<UInt8>.self)
                    index &+= 4
                }
                while index < count {
                    target[index] = UInt8(truncatingIfNeeded: Int32(min(max(source[index], 0), 255) + 0.5))
                    index &+= 1
                }
            }
            initialized = count
        }
        return PixelBuffer(width: width, height: height, channels: 1, pixels: pixels)
    }
}
