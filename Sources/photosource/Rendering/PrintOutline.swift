import PhotoImaging
import PhotoSourceKit
import PhotoSourceService

/// The print's cut over a picture of the photo (`view N --product P`): what the print will not
/// show is shaded, and the edge of what it shows is drawn in yellow, so a person sees what will
/// be cut before ordering.
struct PrintOutline: Sendable, Equatable {
    /// The printed part, in the photo's upright pixels.
    let region: PrintFileSpec.PrintedRegion
    /// The photo's upright pixel size (the space ``region`` is in).
    let photo: PixelSize

    /// The colour of the outline.
    static let edge = (red: 255, green: 214, blue: 0)
    /// How much of its brightness a shaded pixel keeps, in percent.
    static let shadePercent = 30

    /// The region on a picture of `width`×`height` pixels (the photo drawn smaller): the first
    /// and last column and row it covers, inclusive.
    func pictureBounds(width: Int, height: Int) -> (left: Int, top: Int, right: Int, bottom: Int) {
        let scaleX = Double(width) / Double(max(1, photo.width)), scaleY = Double(height) / Double(max(1, photo.height))
        func first(_ start: Int, _ scale: Double, _ limit: Int) -> Int { min(limit - 1, max(0, Int((Double(start) * scale).rounded(.down)))) }
        func last(_ end: Int, _ scale: Double, _ limit: Int) -> Int { min(limit - 1, max(0, Int((Double(end) * scale).rounded(.up)) - 1)) }
        return (
            first(region.x, scaleX, width), first(region.y, scaleY, height),
            last(region.x + region.width, scaleX, width), last(region.y + region.height, scaleY, height))
    }

    /// `picture` with everything outside the region shaded and the region's edge drawn (RGB).
    func drawn(on picture: TerminalPicture) -> TerminalPicture {
        let bounds = pictureBounds(width: picture.width, height: picture.height)
        var samples: [UInt8] = []
        samples.reserveCapacity(picture.width * picture.height * 3)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let inside = (bounds.left...bounds.right).contains(x) && (bounds.top...bounds.bottom).contains(y)
                let onEdge = inside && [bounds.left, bounds.right].contains(x) || inside && [bounds.top, bounds.bottom].contains(y)
                var colour = picture.color(x, y)
                if onEdge {
                    colour = Self.edge
                } else if !inside {
                    colour = (colour.red * Self.shadePercent / 100, colour.green * Self.shadePercent / 100, colour.blue * Self.shadePercent / 100)
                }
                samples += [UInt8(colour.red), UInt8(colour.green), UInt8(colour.blue)]
            }
        }
        return TerminalPicture(width: picture.width, height: picture.height, channels: 3, samples: samples, trueColor: picture.trueColor)
    }

    /// The line under the picture: what prints, what is cut, and how well it will print.
    static func caption(
        product: Product, sizing: OrderLineLayout.Sizing, region: PrintFileSpec.PrintedRegion, photo: PixelSize,
        fitness: (dpi: Int, verdict: PrintFitness.Verdict)?
    ) -> String {
        let size = "\(region.width)×\(region.height)"
        let what: String
        switch sizing {
        case .fill where region.width == photo.width && region.height == photo.height:
            what = "fill: the whole photo prints; nothing is cut"
        case .fill:
            what = "fill: the outlined \(size) of \(photo.width)×\(photo.height) pixels print; the shaded part is cut off"
        case .fit:
            what = "fit: the outlined \(size) pixels print whole, with white bands to the print's shape"
        case .stretch:
            what = "stretch: the outlined \(size) pixels are stretched to the print's shape"
        }
        let judged = fitness.map { "; \($0.dpi) dpi, \($0.verdict.rawValue)" } ?? ""
        return "As \(product.id) (\(product.printSize)), \(what)\(judged)."
    }
}
