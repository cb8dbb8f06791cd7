import PhotoImaging
import PhotoSourceKit
import PhotoSourceService
import Testing
@testable import photosource

/// `view N --product P [--crop …] [--fit …]`: the photo with the print's cut drawn over it.
@Suite("REPL view --product: the print's cut outlined")
struct ReplPrintPreviewTests {
    static let escape = "\u{1B}["
    /// A 12×8 (3:2) photo, all one grey.
    static let grey = ImageBytes.png(width: 12, height: 8) { _, _ in [200, 200, 200] }
    static let photo = PixelSize(width: 12, height: 8)
    static let shaded = (red: 60, green: 60, blue: 60), plain = (red: 200, green: 200, blue: 200), edge = PrintOutline.edge

    /// One half-block character: `top` over `bottom`, in 24-bit colour.
    static func cell(_ top: (red: Int, green: Int, blue: Int), _ bottom: (red: Int, green: Int, blue: Int)) -> String {
        escape + "38;2;\(top.red);\(top.green);\(top.blue)m" + escape + "48;2;\(bottom.red);\(bottom.green);\(bottom.blue)m▀"
    }

    func harness() -> ReplHarness {
        ReplHarness(
            sources: [PictureSource.make(photoTitle: "wide.png", png: Self.grey, pixelSize: Self.photo)],
            terminal: Terminal(isInteractive: false, usesColor: true, hasTrueColor: true, width: 12))
    }

    @Test("on 8x10 a 3:2 photo prints 10×8: the outer columns are shaded, the printed part outlined, and a caption says so")
    func fillOnEightByTen() async {
        let harness = harness()
        // When
        let lines = await harness.linesOf("view 2 --product 8x10", after: ["ls"])
        // Then: columns 1…10 print (edge at 1 and 10, rows 0 and 7); 0 and 11 are cut
        #expect(harness.output.errors.isEmpty)
        #expect(lines.count == 5, "8 pixel rows in 4 lines, and the caption")
        let end = Self.escape + "0m"
        #expect(lines.first == Self.cell(Self.shaded, Self.shaded) + Self.cell(Self.edge, Self.edge)
            + String(repeating: Self.cell(Self.edge, Self.plain), count: 8) + Self.cell(Self.edge, Self.edge) + Self.cell(Self.shaded, Self.shaded) + end)
        #expect(lines[1] == Self.cell(Self.shaded, Self.shaded) + Self.cell(Self.edge, Self.edge)
            + String(repeating: Self.cell(Self.plain, Self.plain), count: 8) + Self.cell(Self.edge, Self.edge) + Self.cell(Self.shaded, Self.shaded) + end)
        #expect(lines[3] == Self.cell(Self.shaded, Self.shaded) + Self.cell(Self.edge, Self.edge)
            + String(repeating: Self.cell(Self.plain, Self.edge), count: 8) + Self.cell(Self.edge, Self.edge) + Self.cell(Self.shaded, Self.shaded) + end)
        #expect(lines.last == "As 8x10 (8×10 in print), fill: the outlined 10×8 of 12×8 pixels print; the shaded part is cut off; 1 dpi, low.")
    }

    @Test("--crop and --fit fit outline the crop, which prints whole; the rest of the photo is shaded")
    func cropAndFit() async {
        let harness = harness()
        // When
        let lines = await harness.linesOf("view 2 --product 8x10 --crop 0,0,6,8 --fit fit", after: ["ls"])
        // Then: columns 0…5 print, 6…11 are not
        #expect(harness.output.errors.isEmpty)
        #expect(lines[1] == Self.cell(Self.edge, Self.edge) + String(repeating: Self.cell(Self.plain, Self.plain), count: 4)
            + Self.cell(Self.edge, Self.edge) + String(repeating: Self.cell(Self.shaded, Self.shaded), count: 6) + Self.escape + "0m")
        #expect(lines.last == "As 8x10 (8×10 in print), fit: the outlined 6×8 pixels print whole, with white bands to the print's shape; 0 dpi, low.")
    }

    @Test("view without --product draws the photo alone, with no caption")
    func plainView() async {
        let harness = harness()
        // When
        let lines = await harness.linesOf("view 2", after: ["ls"])
        // Then
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { !$0.contains(Self.cell(Self.shaded, Self.shaded)) })
    }

    @Test("an unknown product names the products; options without --product or with wrong values say what to type")
    func refusals() async throws {
        let harness = harness()
        // When
        await harness.run(["ls", "view 2 --product 9x9"])
        // Then
        #expect(harness.output.errors == ["\u{1B}[31mThere is no product \"9x9\"; the products are 4x6, 5x7, 8x10, 16x20, a4, a3.\u{1B}[0m"], "in red: a colour terminal")
        #expect(throws: ReplInputError("--crop and --fit outline a print, so `view` needs --product with them, as in `view 1 --product 8x10 --crop 0.1,0.1,0.8,0.8 --fit fill`.")) {
            try ReplCommand.parse("view 1 --crop 0,0,6,8")
        }
        #expect(throws: ReplInputError("--fit takes fill (crop to the print's shape), fit (letterbox) or stretch, not \"squash\".")) {
            try ReplCommand.parse("view 1 --product 8x10 --fit squash")
        }
        #expect(throws: ReplInputError("`view` knows --product, --crop and --fit, not \"--size\"; as in `view 1 --product 8x10 --crop 0.1,0.1,0.8,0.8 --fit fill`.")) {
            try ReplCommand.parse("view 1 --size 3")
        }
        #expect(try ReplCommand.parse("view 3 --fit stretch --product a4") == .view(3, ViewOptions(product: "a4", sizing: .stretch)))
    }

    @Test("when the source does not know the photo's size, the outline is placed on the thumbnail: fractions work, pixels are refused")
    func unknownSize() async {
        let harness = ReplHarness(
            sources: [PictureSource.make(photoTitle: "wide.png", png: Self.grey, pixelSize: nil)],
            terminal: Terminal(isInteractive: false, usesColor: true, hasTrueColor: true, width: 12))
        // When
        let fractions = await harness.linesOf("view 2 --product 8x10 --crop 0,0,0.5,1 --fit fit", after: ["ls"])
        await harness.run(["view 2 --product 8x10 --crop 0,0,6,8"])
        // Then: no fitness without a size
        #expect(fractions.last == "As 8x10 (8×10 in print), fit: the outlined 6×8 pixels print whole, with white bands to the print's shape.")
        #expect(harness.output.errors == [
            "\u{1B}[31mThe size of wide.png is not known, so a crop in pixels cannot be placed on it; give the crop as fractions, as in --crop 0.1,0.1,0.8,0.8.\u{1B}[0m"
        ])
    }

    @Test("the outline's bounds scale from the photo's pixels to the picture's")
    func boundsScale() {
        // A 3000×2000 photo on 8x10 prints x 250…2749; drawn 60×40, that is columns 5…54.
        let outline = PrintOutline(region: .init(x: 250, y: 0, width: 2500, height: 2000), photo: PixelSize(width: 3000, height: 2000))
        #expect(outline.pictureBounds(width: 60, height: 40) == (5, 0, 54, 39))
    }
}
