/// A rectangle in source pixels whose edges may fall inside pixels: the part of a decode an
/// output shows, exactly.
///
/// A JPEG of 640×427 decoded at 1/2 is 320×214 pixels, but those pixels stand for 320×213.5:
/// the last row covers half a source row (libjpeg pads it). Resampling over 214 rows would
/// stretch the picture by a quarter of an output row at the bottom; resampling over 213.5
/// keeps every output pixel where a full decode would put it.
struct ExactRegion: Sendable, Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// The rectangle with these edges.
    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole pixels of `rect`.
    init(_ rect: PixelRect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }

    /// The largest square centred in a `width`×`height` extent.
    static func centredSquare(width: Double, height: Double) -> ExactRegion {
        let side = min(width, height)
        return ExactRegion(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    }

    /// The whole pixels this region touches (its edges rounded outwards), within `width`×`height`.
    func covering(width sourceWidth: Int, height sourceHeight: Int) -> PixelRect {
        let left = max(0, Int(x.rounded(.down))), top = max(0, Int(y.rounded(.down)))
        let right = min(sourceWidth, Int((x + width).rounded(.up))), bottom = min(sourceHeight, Int((y + height).rounded(.up)))
        return PixelRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }
}
