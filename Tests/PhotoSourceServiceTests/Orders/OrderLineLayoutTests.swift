import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("An order line's layout: crop, sizing, rotation, and fitness on what will print")
struct OrderLineLayoutTests {
    static let eightByTen = Product.defaults.first { $0.id == "8x10" }!

    @Test("fitness is judged on the crop's pixels, not the whole photo's")
    func fitnessOfTheCrop() throws {
        // Given: a 3000×2400 photo, 300 dpi on 8×10 whole
        let photo = PixelSize(width: 3000, height: 2400)
        #expect(OrderLineLayout().fitness(of: photo, on: Self.eightByTen)?.dpi == 300)
        // When: only a 1000×800 corner is printed
        let cropped = OrderLineLayout(crop: .init(x: 0, y: 0, width: 1000, height: 800))
        // Then: 100 dpi, low
        let fitness = try #require(cropped.fitness(of: photo, on: Self.eightByTen))
        #expect(fitness.dpi == 100)
        #expect(fitness.verdict == .low)
    }

    @Test("a normalised crop is a fraction of the upright photo")
    func normalisedCrop() {
        let crop = OrderLineLayout.Crop(x: 0.25, y: 0.5, width: 0.5, height: 0.5, units: .normalised)
        let rectangle = crop.pixels(in: PixelSize(width: 4000, height: 3000))
        #expect(rectangle?.x == 1000)
        #expect(rectangle?.y == 1500)
        #expect(rectangle?.width == 2000)
        #expect(rectangle?.height == 1500)
    }

    @Test("a crop reaching outside the photo has no pixels and no fitness")
    func cropOutside() {
        let layout = OrderLineLayout(crop: .init(x: 500, y: 0, width: 600, height: 100))
        #expect(layout.printedPixels(of: PixelSize(width: 1000, height: 800)) == nil)
        #expect(layout.fitness(of: PixelSize(width: 1000, height: 800), on: Self.eightByTen) == nil)
    }

    @Test("rotation turns the printed pixels a quarter at 90 and 270")
    func rotation() {
        let crop = OrderLineLayout.Crop(x: 0, y: 0, width: 300, height: 200)
        let photo = PixelSize(width: 1000, height: 800)
        #expect(OrderLineLayout(crop: crop, rotation: 90).printedPixels(of: photo) == PixelSize(width: 200, height: 300))
        #expect(OrderLineLayout(crop: crop, rotation: 180).printedPixels(of: photo) == PixelSize(width: 300, height: 200))
    }

    @Test("fit letterboxes, so the side that meets the print's edge decides: a wide photo fit on 8×10 has more dpi than filled")
    func fitVersusFill() throws {
        // Given: 3000×1000, long side 10 in, short side 8 in
        let photo = PixelSize(width: 3000, height: 1000)
        // fill: 1000 px over 8 in = 125; fit: 3000 px over 10 in = 300
        #expect(OrderLineLayout(sizing: .fill).fitness(of: photo, on: Self.eightByTen)?.dpi == 125)
        #expect(OrderLineLayout(sizing: .fit).fitness(of: photo, on: Self.eightByTen)?.dpi == 300)
        #expect(OrderLineLayout(sizing: .stretch).fitness(of: photo, on: Self.eightByTen)?.dpi == 125)
    }

    @Test("the layout's own problems are named at their JSON paths")
    func problems() {
        let layout = OrderLineLayout(
            crop: .init(x: 0.5, y: -1, width: 0.75, height: 0, units: .normalised), rotation: 45, attributes: ["paper type": "lustre"])
        let paths = Set(layout.problems(at: "$.items[2]").map(\.path))
        #expect(paths.isSuperset(of: [
            "$.items[2].rotation", "$.items[2].attributes.paper type", "$.items[2].crop.y", "$.items[2].crop.height", "$.items[2].crop.width",
        ]))
        #expect(OrderLineLayout(crop: .init(x: 1.5, y: 0, width: 10, height: 10)).problems(at: "$").map(\.path) == ["$.crop.x"])
        #expect(OrderLineLayout(crop: .init(x: 0, y: 0, width: 10, height: 10), rotation: 270, attributes: ["finish": "gloss"]).problems(at: "$").isEmpty)
    }
}
