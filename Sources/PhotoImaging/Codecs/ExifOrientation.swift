/// The EXIF orientation (tag 0x0112): how the stored pixels must be turned to be shown upright.
///
/// Raw values are the EXIF values 1–8. Names say where the stored image's top row ends up
/// (as in `UIImage.Orientation`): ``right`` (6) means the camera was turned a quarter clockwise,
/// and the stored image must be rotated 90° clockwise to be upright.
public enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left-right.
    case upMirrored
    /// 3: rotated 180°.
    case down
    /// 4: mirrored top-bottom.
    case downMirrored
    /// 5: transposed (mirrored across the top-left to bottom-right diagonal).
    case leftMirrored
    /// 6: must be rotated 90° clockwise to be upright.
    case right
    /// 7: transversed (mirrored across the top-right to bottom-left diagonal).
    case rightMirrored
    /// 8: must be rotated 90° counter-clockwise to be upright.
    case left

    /// Whether showing the image upright swaps its width and height (EXIF values 5–8).
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The orientation for an EXIF value, `.up` for anything outside 1–8 (as viewers do).
    init(exifValue: Int) {
        self = ExifOrientation(rawValue: exifValue) ?? .up
    }
}
