import Foundation
import PhotoSourceKit

/// A source with one album and one real PNG photo, `split.png`: 8×8, the top half red and
/// the bottom half blue, served from memory.
enum PictureSource {
    static let png = ImageBytes.png(width: 8, height: 8) { _, y in y < 4 ? [255, 0, 0] : [0, 0, 255] }

    /// `photoTitle` is what the source calls the photo (a hostile source may call it a path);
    /// `png` (of `pixelSize`, `nil`: a size the source does not know) replaces the split square.
    static func make(photoTitle: String = "split.png", png: [UInt8] = png, pixelSize: PixelSize? = PixelSize(width: 8, height: 8)) -> DefaultPhotoSource {
        let items: [any PhotoSourceItem] = [
            DefaultPhotoSourceItem.container(id: "album", sourceID: "pictures", title: "album"),
            DefaultPhotoSourceItem.image(id: "split.png", sourceID: "pictures", title: photoTitle, pixelSize: pixelSize),
        ]
        return DefaultPhotoSource(
            id: "pictures", title: "Pictures",
            listing: .complete { _ in items },
            downloader: ClosureImageDownloader { item, _ in
                guard item.id == "split.png" else { throw PhotoSourceError(.notFound, "\(item.id) is not a photo.") }
                return ImageData(bytes: Data(png), contentType: "image/png", validator: "v1")
            })
    }
}
