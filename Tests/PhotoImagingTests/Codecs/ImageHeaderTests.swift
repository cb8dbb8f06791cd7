import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("ImageHeader")
struct ImageHeaderTests {
    @Test("JPEG orientation is read in both byte orders", arguments: ExifOrientation.allCases, [true, false])
    func jpegOrientation(orientation: ExifOrientation, littleEndian: Bool) throws {
        let data = JPEGHeaderBytes.jpeg(
            width: 640, height: 480,
            before: [JPEGHeaderBytes.exif(orientation: orientation.rawValue, littleEndian: littleEndian, extraEntries: 2)])

        let header = try ImageHeader.read(data)

        #expect(header.format == .jpeg)
        #expect(header.orientation == orientation)
        #expect(header.encodedSize == PixelSize(width: 640, height: 480))
        #expect(header.displaySize == (orientation.swapsDimensions ? PixelSize(width: 480, height: 640) : header.encodedSize))
    }

    @Test("Only orientations 5–8 swap dimensions")
    func swapsDimensions() {
        #expect(ExifOrientation.allCases.filter(\.swapsDimensions).map(\.rawValue) == [5, 6, 7, 8])
    }

    @Test("Segments, fill bytes and progressive frames are walked to the size")
    func markerWalk() throws {
        let comment = JPEGHeaderBytes.segment(0xFE, Array("made by hand".utf8))
        let icc = JPEGHeaderBytes.segment(0xE2, [UInt8](repeating: 0xFF, count: 300))
        let table = JPEGHeaderBytes.segment(0xC4, [UInt8](repeating: 0, count: 20))  // DHT is not a frame
        var bytes = [UInt8](JPEGHeaderBytes.jpeg(width: 4000, height: 3000, frameMarker: 0xC2, before: [comment, icc, table]))
        bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF], at: 2)  // fill bytes before the first marker

        let header = try ImageHeader.read(Data(bytes))

        #expect(header.encodedSize == PixelSize(width: 4000, height: 3000))
        #expect(header.isProgressive)
        #expect(header.orientation == .up)
        #expect(!header.hasAlpha)
    }

    @Test("Baseline frames are not progressive")
    func baseline() throws {
        #expect(try !ImageHeader.read(JPEGHeaderBytes.jpeg(width: 8, height: 8)).isProgressive)
    }

    @Test("An out-of-range orientation value reads as up")
    func oddOrientation() throws {
        let data = JPEGHeaderBytes.jpeg(width: 8, height: 8, before: [JPEGHeaderBytes.exif(orientation: 9, littleEndian: true)])
        #expect(try ImageHeader.read(data).orientation == .up)
    }

    @Test("Hostile EXIF offsets are ignored, not followed", arguments: [0x7FFF_FFF0, 0xFFFF_FFFF, 60_000, 9])
    func hostileOffsets(ifdOffset: Int) throws {
        var segment = JPEGHeaderBytes.exif(orientation: 6, littleEndian: false)
        // Overwrite the IFD0 offset (after FF E1, length, "Exif\0\0", "MM\0*").
        let at = 2 + 2 + 6 + 4
        segment.replaceSubrange(at ..< at + 4, with: JPEGHeaderBytes.be32(ifdOffset))
        let header = try ImageHeader.read(JPEGHeaderBytes.jpeg(width: 10, height: 20, before: [segment]))
        #expect(header.encodedSize == PixelSize(width: 10, height: 20))
        #expect(header.orientation == .up)
    }

    @Test("An EXIF entry count larger than the segment does not crash")
    func hostileEntryCount() throws {
        var segment = JPEGHeaderBytes.exif(orientation: 3, littleEndian: true, extraEntries: 1)
        let countAt = 2 + 2 + 6 + 8
        segment.replaceSubrange(countAt ..< countAt + 2, with: [0xFF, 0xFF])
        let header = try ImageHeader.read(JPEGHeaderBytes.jpeg(width: 10, height: 20, before: [segment]))
        #expect(header.encodedSize == PixelSize(width: 10, height: 20))
    }

    @Test("A JPEG cut anywhere before its frame header is invalid data")
    func truncatedJPEG() throws {
        let full = [UInt8](JPEGHeaderBytes.jpeg(width: 640, height: 480, before: [JPEGHeaderBytes.exif(orientation: 6, littleEndian: true)]))
        let frameEnd = full.count - 10 - 19 + 9  // SOF marker + length + precision + height + width
        for length in 3 ..< frameEnd {
            let error = #expect(throws: PhotoSourceError.self) { _ = try ImageHeader.read(Data(full.prefix(length))) }
            #expect(error?.code == .invalidData, "cut at \(length)")
        }
        #expect(try ImageHeader.read(Data(full.prefix(frameEnd))).encodedSize.width == 640)
    }

    @Test("A segment length running past the data is invalid data, not a crash")
    func hugeSegmentLength() {
        let data = Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45, 0x78])
        let error = #expect(throws: PhotoSourceError.self) { _ = try ImageHeader.read(data) }
        #expect(error?.code == .invalidData)
    }

    @Test("Zero sides and garbage between markers are invalid data")
    func corruptJPEG() {
        for data in [
            JPEGHeaderBytes.jpeg(width: 0, height: 480),
            JPEGHeaderBytes.jpeg(width: 640, height: 0),
            Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0x12, 0x34]),
            Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x04, 0x00, 0x00]),
            Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]),
        ] {
            let error = #expect(throws: PhotoSourceError.self) { _ = try ImageHeader.read(data) }
            #expect(error?.code == .invalidData)
        }
    }

    @Test("Other formats are unsupported, whatever they claim to be", arguments: [
        ("GIF89a\u{1}\0\u{1}\0", "GIF"), ("RIFF\0\0\0\0WEBPVP8 ", "WebP"), ("\0\0\0\u{18}ftypheic", "HEIF"),
        ("II*\0\u{8}\0\0\0", "TIFF"), ("<!DOCTYPE html><html>", "HTML"), ("<svg xmlns=", "SVG"),
        ("PK\u{3}\u{4}zip", "ZIP"), ("", "empty"), ("\u{FF}\u{D8}", "half a JPEG magic"),
    ])
    func unsupported(text: String, name: String) {
        var bytes = Array(text.utf8)
        if name == "half a JPEG magic" { bytes = [0xFF, 0xD8] }
        let error = #expect(throws: PhotoSourceError.self) { _ = try ImageHeader.read(Data(bytes)) }
        #expect(error?.code == .unsupportedFormat)
        #expect(ImageHeader.sniff(Data(bytes)) == nil)
        if !["empty", "half a JPEG magic"].contains(name) {
            #expect(error?.message.contains(name) == true, "\(error?.message ?? "")")
        }
    }

    @Test("Sniffing looks at magic bytes only")
    func sniff() {
        #expect(ImageHeader.sniff(Data([0xFF, 0xD8, 0xFF, 0x00])) == .jpeg)
        #expect(ImageHeader.sniff(Data(ImageSniffer.pngMagic)) == .png)
        #expect(ImageHeader.sniff(Data(ImageSniffer.pngMagic.dropLast())) == nil)
    }
}
