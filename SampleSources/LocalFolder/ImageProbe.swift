import Foundation
import PhotoImaging
import PhotoSourceKit

/// What the first bytes of one file say: its format and displayed pixel size.
///
/// Reads are bounded: first ``firstReadLength`` bytes, and only when the size is not found in
/// those (large EXIF or XMP segments before the frame header) up to
/// ``ImageHeader/recommendedPrefixLength``. Pixels are never decoded.
struct ImageProbe: Sendable, Hashable {
    /// How many bytes the first attempt reads; enough for almost every camera file.
    static let firstReadLength = 64 * 1024
    /// How many bytes classifying a file by its magic bytes needs.
    static let magicLength = 16

    /// The file the probe describes, as it was when probed.
    var status: FileStatus
    /// JPEG or PNG, or `nil` when the magic bytes are neither.
    var format: ImageFormat?
    /// The displayed size (EXIF orientation applied), or `nil` when the header cannot be read.
    var pixelSize: PixelSize?
    /// Why the file is not a photo, naming what its first bytes look like (an HTML page, a GIF,
    /// empty…), when ``format`` is `nil`: the same words a `urls:` entry gets.
    var problem: String?

    /// Probes the regular file at `path` (a final symlink is refused); `name` is used in errors.
    ///
    /// - Throws: `.notFound` when the file vanished, `.invalidData` when it is not a regular file.
    init(path: String, name: String) throws {
        let file = try FileDescriptor(readingNoFollow: path, name: name)
        status = try file.status(name: name)
        guard status.kind == .regular else {
            throw PhotoSourceError(.invalidData, "\"\(name)\" is not a regular file, so it cannot be a photo.")
        }
        var prefix = try file.readPrefix(Self.firstReadLength, name: name)
        format = ImageHeader.sniff(prefix)
        guard format != nil else {
            problem = Self.problem(prefix)
            return
        }
        var header = try? ImageHeader.read(prefix)
        if header == nil, prefix.count < status.size, prefix.count < ImageHeader.recommendedPrefixLength {
            prefix = try file.readPrefix(ImageHeader.recommendedPrefixLength, name: name)
            header = try? ImageHeader.read(prefix)
        }
        pixelSize = header?.displaySize
    }

    /// The problem of a file named like a photo whose first bytes could not be read or named.
    static let unreadable = "Its first bytes are not a JPEG or PNG photo."

    /// Why `prefix`, a file's first bytes that are not a JPEG or PNG, is not a photo.
    static func problem(_ prefix: Data) -> String {
        do {
            _ = try ImageHeader.read(prefix)
            return unreadable
        } catch let error as PhotoSourceError {
            return error.message  // `.unsupportedFormat`, naming what the bytes look like
        } catch {
            return "\(error)"
        }
    }

    /// The format named by the first bytes of `file`, or `nil` (unreadable files are not images).
    static func sniff(_ file: borrowing FileDescriptor, name: String) -> ImageFormat? {
        guard let magic = try? file.readPrefix(magicLength, name: name) else { return nil }
        return ImageHeader.sniff(magic)
    }
}
