import PhotoImaging
import PhotoSourceKit
import Testing

/// `PrintFileSpec.printedRegion(ofPhoto:)`: what of the photo a print shows, as a preview outlines it.
@Suite("Print files: the printed region")
struct PrintedRegionTests {
    typealias Region = PrintFileSpec.PrintedRegion

    static let eightByTen = PrintSize.inches(8, 10)

    @Test("Fill cuts a 3:2 photo to 8×10's 5:4, centred: landscape photos print 10×8, portrait ones 8×10", arguments: [
        (PixelSize(width: 3000, height: 2000), Region(x: 250, y: 0, width: 2500, height: 2000)),
        (PixelSize(width: 2000, height: 3000), Region(x: 0, y: 250, width: 2000, height: 2500)),
    ])
    func threeByTwoOnEightByTen(photo: PixelSize, expected: Region) throws {
        // When
        let region = try PrintFileSpec(printSize: Self.eightByTen).printedRegion(ofPhoto: photo)
        // Then
        #expect(region == expected)
    }

    @Test("Fill cuts a square photo on 4×6 to a centred 2:3 strip")
    func squareOnFourBySix() throws {
        // When
        let region = try PrintFileSpec(printSize: .inches(4, 6)).printedRegion(ofPhoto: PixelSize(width: 1000, height: 1000))
        // Then: 666.7 wide, 166.7 in from the left, rounded
        #expect(region == Region(x: 167, y: 0, width: 667, height: 1000))
    }

    @Test("A crop is cut to the print's aspect inside itself; fit and stretch print the whole crop")
    func cropAndSizing() throws {
        let photo = PixelSize(width: 3000, height: 2000)
        let quarter = PrintFileSpec.Crop.normalised(x: 0, y: 0, width: 0.5, height: 0.5)
        // When
        let filled = try PrintFileSpec(printSize: Self.eightByTen, crop: quarter).printedRegion(ofPhoto: photo)
        let fitted = try PrintFileSpec(printSize: Self.eightByTen, crop: quarter, sizing: .fit).printedRegion(ofPhoto: photo)
        let stretched = try PrintFileSpec(printSize: Self.eightByTen, sizing: .stretch).printedRegion(ofPhoto: photo)
        let bled = try PrintFileSpec(printSize: Self.eightByTen, bleedMillimetres: 3).printedRegion(ofPhoto: photo)
        // Then
        #expect(filled == Region(x: 125, y: 0, width: 1250, height: 1000))
        #expect(fitted == Region(x: 0, y: 0, width: 1500, height: 1000))
        #expect(stretched == Region(x: 0, y: 0, width: 3000, height: 2000))
        #expect(bled == Region(x: 250, y: 0, width: 2500, height: 2000), "the bleed lies beyond the cut")
    }

    @Test("A crop outside the photo is refused")
    func cropOutside() {
        let spec = PrintFileSpec(printSize: Self.eightByTen, crop: .pixels(x: 2500, y: 0, width: 1000, height: 1000))
        #expect(throws: PhotoSourceError.self) { try spec.printedRegion(ofPhoto: PixelSize(width: 3000, height: 2000)) }
    }
}
