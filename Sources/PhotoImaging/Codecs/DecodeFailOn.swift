/// Which codec complaints make a decode fail (``ImageLimits/failOn``), named after sharp's
/// `failOn`. Errors the codec cannot decode past always fail; this chooses what to do with the
/// *warnings* of files that still decode.
///
/// The default, ``error``, is chosen for print shops: files that cameras and apps really produce
/// with harmless oddities (a few stray bytes between JPEG header segments, a bad CRC on a PNG
/// text chunk, data after the end of the image) are shown, as Pillow and vips show them, because
/// their pixels are exactly the clean file's; a file whose image data is cut short or damaged is
/// refused with `.invalidData`, because libjpeg would fill the gap with gray or garbage and a
/// customer would order a print of it. Ask for the file again rather than print a damaged one.
///
/// | complaint                                             | `.none` | `.truncated` | `.error` | `.warning` |
/// |-------------------------------------------------------|---------|--------------|----------|------------|
/// | JPEG bytes before a marker, in the header             | accept  | accept       | accept   | refuse     |
/// | JPEG unknown JFIF revision, bad ICC chunk             | accept  | accept       | accept   | refuse     |
/// | JPEG corrupt entropy data, bytes left after a scan    | accept  | accept       | refuse   | refuse     |
/// | JPEG premature end of file (truncated)                | accept  | refuse       | refuse   | refuse     |
/// | PNG bad CRC in an ancillary chunk, libpng benign error | accept | accept       | accept   | refuse     |
/// | PNG data after IEND                                   | accept  | accept       | accept   | refuse     |
/// | PNG truncated, bad CRC in a critical chunk, bad zlib  | refuse  | refuse       | refuse   | refuse     |
///
/// libpng cannot hand back a partial image, so a damaged or truncated PNG always fails.
public enum DecodeFailOn: Sendable, Hashable, CaseIterable {
    /// Fail only on what the codec cannot decode; a truncated JPEG comes back padded with gray.
    case none
    /// Also fail on truncated files.
    case truncated
    /// Also fail on corrupt image data (the default).
    case error
    /// Fail on every codec warning.
    case warning
}
