/// A rectangle of pixels (origin top-left), used for crops.
struct PixelRect: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The largest square centred in a `width`×`height` image.
    static func centredSquare(width: Int, height: Int) -> PixelRect {
        let side = min(width, height)
        return PixelRect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    }
}
