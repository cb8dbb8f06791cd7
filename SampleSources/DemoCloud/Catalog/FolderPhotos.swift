import Foundation
import PhotoImaging
import PhotoSourceKit

/// The photos of a folder that ``DemoCloud/Configuration/photoFolder`` names, served byte for
/// byte as one album: JPEG and PNG files (by their magic bytes, not their names), in name order,
/// each with the pixel size its header gives. Read once when the cloud starts.
struct FolderPhotos: Sendable {
    /// One file of the folder.
    struct File: Sendable, Hashable {
        let url: URL
        let name: String
        let format: ImageFormat
        let pixelSize: PixelSize
    }

    /// The album's title: the folder's name.
    let title: String
    let files: [File]

    /// Lists and probes `folder`; files that are not photos or whose header cannot be read are skipped.
    ///
    /// - Throws: `.notFound` when the folder cannot be listed.
    init(folder: URL) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw PhotoSourceError(.notFound, "The demo cloud cannot list the photo folder \(folder.path): \(error.localizedDescription)")
        }
        title = folder.lastPathComponent
        files = names.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            guard let probe = try? ImageProbe(path: url.path, name: name),
                  let format = probe.format, let size = probe.pixelSize
            else { return nil }
            return File(url: url, name: name, format: format, pixelSize: size)
        }
    }

    /// The bytes of `variant` of the file at zero-based `index`: the file itself, or a thumbnail
    /// of it (`longSide` pixels, JPEG or PNG as ``ThumbnailRenderer`` chooses).
    func data(at index: Int, _ variant: DemoPhotoRenderer.Variant, longSide: Int) throws -> (Data, ImageFormat) {
        let file = files[index]
        let bytes = try Data(contentsOf: file.url)
        guard variant == .thumbnail else { return (bytes, file.format) }
        let thumbnail = try ThumbnailRenderer.render(bytes, spec: ThumbnailSpec(maxPixelSize: longSide))
        return (thumbnail.data, thumbnail.format)
    }
}
