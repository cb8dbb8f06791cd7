import Foundation
import Testing
@testable import PhotoImaging
import PhotoSourceKit

@Suite("ImageEncoder")
struct ImageEncoderTests {
    @Test("JPEG output has the size, orientation and coding asked for", arguments: ExifOrientation.allCases, [false, true])
    func jpeg(orientation: ExifOrientation, progressive: Bool) throws {
        let image = SyntheticImages.gradient(width: 40, height: 24)

        let data = try ImageEncoder.jpeg(image, quality: 85, progressive: progressive, orientation: orientation)

        let header = try ImageHeader.read(data)
        #expect(header.format == .jpeg)
        #expect(header.encodedSize == PixelSize(width: 40, height: 24))
        #expect(header.orientation == orientation)
        #expect(header.isProgressive == progressive)
    }

    @Test("Gray and RGBA buffers encode as JPEG")
    func jpegChannels() throws {
        for channels in [1, 4] {
            let image = PixelBuffer(width: 9, height: 9, channels: channels, pixels: [UInt8](repeating: 200, count: 81 * channels))
            let header = try ImageHeader.read(try ImageEncoder.jpeg(image))
            #expect(header.encodedSize == PixelSize(width: 9, height: 9))
        }
    }

    @Test("PNG output keeps alpha only when the buffer has it", arguments: [1, 3, 4])
    func png(channels: Int) throws {
        let image = PixelBuffer(width: 5, height: 3, channels: channels)

        let header = try ImageHeader.read(try ImageEncoder.png(image))

        #expect(header.format == .png)
        #expect(header.encodedSize == PixelSize(width: 5, height: 3))
        #expect(header.hasAlpha == (channels == 4))
    }

    @Test("RGBA flattens onto white for JPEG")
    func flattenOnWhite() {
        let image = PixelBuffer(width: 2, height: 1, channels: 4, pixels: [0, 0, 0, 0, 255, 0, 0, 255])
        #expect(image.flattenedToRGB().pixels == [255, 255, 255, 255, 0, 0])
    }
}
