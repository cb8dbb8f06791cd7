import PhotoImaging
import PhotoSourceKit

extension ConformanceRun {
    /// Downloads and decodes the thumbnail and the original of up to `maximumImages` images
    /// picked across everything explored (``ImageSample``), and compares each original's
    /// upright size with the item's advertised `pixelSize`.
    mutating func checkImages() async {
        guard !visits.isEmpty else { return }
        let picks = ImageSample(
            total: images.count, maximum: configuration.maximumImages,
            seed: configuration.sampleSeed ?? UInt64.random(in: 0...UInt64(UInt32.max)))
        imageSample = picks
        let sample = picks.positions.map { images[$0] }
        if sample.isEmpty {
            let reason = "no image in the \(visits.count) container(s) sampled"
            [.thumbnailDecodes, .fullImageDecodes, .advertisedPixelSize].forEach { ledger.skip($0, reason) }
            return
        }
        ledger.skip(.advertisedPixelSize, "no sampled image advertises a pixel size")
        for image in sample {
            if await checkThumbnail(of: image) { goodImages.append(image) }
            await checkOriginal(of: image)
        }
    }

    /// Whether the thumbnail variant downloaded and decoded.
    private mutating func checkThumbnail(of image: SampledImage) async -> Bool {
        let data: ImageData
        do {
            data = try await download(image.item, .thumbnail)
        } catch {
            ledger.fail(.thumbnailDecodes, "downloading the thumbnail of \(image.label) failed: \(describe(error))")
            return false
        }
        do {
            _ = try await render(data)
            ledger.pass(.thumbnailDecodes, image.item.id)
            return true
        } catch {
            ledger.fail(.thumbnailDecodes, "the thumbnail of \(image.label) (\(data.bytes.count) bytes) does not decode: \(describe(error))")
            return false
        }
    }

    /// The full variant decodes, and its upright size is the advertised one.
    private mutating func checkOriginal(of image: SampledImage) async {
        let data: ImageData
        do {
            data = try await download(image.item, .full)
        } catch {
            ledger.fail(.fullImageDecodes, "downloading the original of \(image.label) failed: \(describe(error))")
            return
        }
        let header: ImageHeader
        do {
            header = try ImageHeader.read(data.bytes)
            _ = try await render(data)
            ledger.pass(.fullImageDecodes, image.item.id)
        } catch {
            ledger.fail(.fullImageDecodes, "the original of \(image.label) (\(data.bytes.count) bytes) does not decode: \(describe(error))")
            return
        }
        guard let advertised = image.item.pixelSize else { return }
        let upright = header.displaySize
        ledger.expect(
            .advertisedPixelSize, upright == advertised, image.item.id,
            "\(image.label) advertises \(advertised) but its original is \(upright) upright "
                + "(\(header.encodedSize) stored, EXIF orientation \(header.orientation.rawValue))")
    }
}
