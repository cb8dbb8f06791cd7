import Foundation
import PhotoSourceKit

/// Recognises image formats from their magic bytes, never from a content type or file name.
enum ImageSniffer {
    /// The JPEG start-of-image marker followed by the first marker's `FF`.
    static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]
    /// The eight-byte PNG signature.
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The decodable format of `data`, or `nil`.
    static func format(of data: Data) -> ImageFormat? {
        if data.starts(with: jpegMagic) { return .jpeg }
        if data.starts(with: pngMagic) { return .png }
        return nil
    }

    /// A short human name for what `data` looks like when it is not JPEG or PNG
    /// ("a GIF image", "an HTML page"), for error messages; `nil` when unrecognised.
    static func describeUnsupported(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(64))
        func has(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset ..< offset + bytes.count]) == bytes
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { has(Array(text.utf8), at: offset) }
        if ascii("GIF87a") || ascii("GIF89a") { return "a GIF image" }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return "a WebP image" }
        if ascii("ftyp", at: 4) {
            if ascii("avif", at: 8) || ascii("avis", at: 8) { return "an AVIF image" }
            if ascii("heic", at: 8) || ascii("heix", at: 8) || ascii("mif1", at: 8) || ascii("msf1", at: 8) {
                return "a HEIF/HEIC image"
            }
            return "an ISO media file (video or HEIF)"
        }
        if ascii("II*\0") || ascii("MM\0*") { return "a TIFF image (or camera raw)" }
        if ascii("BM") { return "a BMP image" }
        if has([0x00, 0x00, 0x01, 0x00]) { return "an ICO image" }
        if ascii("%PDF") { return "a PDF document" }
        if has([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if has([0xFF, 0x0A]) || has([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "a JPEG XL image" }
        let text = String(decoding: head, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return "an SVG image" }
        if text.hasPrefix("<!doctype html") || text.hasPrefix("<html") || text.hasPrefix("<head")
            || text.hasPrefix("<body") {
            return "an HTML page"
        }
        if text.hasPrefix("<?xml") { return "an XML document" }
        if text.hasPrefix("{") || text.hasPrefix("[") { return "JSON text" }
        return nil
    }

    /// The `.unsupportedFormat` error for `data`, naming what it looks like when possible.
    static func unsupportedError(_ data: Data) -> PhotoSourceError {
        if data.isEmpty {
            return PhotoSourceError(.unsupportedFormat, "The image data is empty; expected a JPEG or PNG file.")
        }
        let what = describeUnsupported(data).map { "This looks like \($0), which" } ?? "This data"
        return PhotoSourceError(
            .unsupportedFormat,
            "\(what) is not a supported image format; only JPEG and PNG can be decoded.",
            detail: "first bytes: " + data.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " "))
    }
}
