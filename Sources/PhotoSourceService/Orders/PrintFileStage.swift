import Crypto
import Foundation
import NIOPosix
import PhotoImaging
import PhotoSourceKit

/// Renders an order line's print files into the asset store, for the destinations that ask for
/// print files (``DestinationFileSettings``): the line's crop, sizing and rotation on its product
/// (print size, ``Product/dpi``, ``Product/bleedMillimetres``), at each destination's quality and
/// byte limit, with ``PhotoImaging/PrintFileRenderer`` on the decode pool.
///
/// Exactly once, as originals are: a print file is stored by the hash of its bytes (written to a
/// temporary file, renamed), and rendering is deterministic, so a render cut short by a crash and
/// done again after the restart stores the same one file. Each render is also remembered by its
/// inputs (`prints/<key>.json`: the original's SHA-256 and every setting that shapes the file), so
/// the same print asked for again (a retried job, another order of the same photo and layout) is
/// not rendered twice; destinations with the same settings share one file.
struct PrintFileStage: Sendable {
    /// One print setting of an order and the destinations asking for it.
    struct Variant: Sendable, Hashable {
        /// The JPEG quality to start from.
        var quality: Int
        /// The byte limit per file, if any.
        var maximumBytes: Int?
        /// The destinations (ids, sorted) that receive this variant.
        var destinations: [String]
    }

    let assets: AssetStore

    /// Bumped when the renderer's output for the same inputs changes, so remembered renders are not reused.
    static let rendererVersion = 1

    /// The print variants the destinations `ids` ask for in `configuration`, one per distinct
    /// quality and byte limit; empty when every one of them wants originals.
    static func variants(for ids: [String], in configuration: ServiceConfiguration) -> [Variant] {
        var grouped: [[Int?]: [String]] = [:]
        for destination in configuration.destinations where ids.contains(destination.id) {
            let settings = DestinationFileSettings(destination)
            guard settings.files == .print else { continue }
            grouped[[settings.printQuality, settings.printMaximumBytes], default: []].append(destination.id)
        }
        return grouped.map { key, ids in Variant(quality: key[0] ?? 95, maximumBytes: key[1], destinations: ids.sorted()) }
            .sorted { $0.destinations.lexicographicallyPrecedes($1.destinations) }
    }

    /// The spec of `layout` on `product` for `variant`.
    static func spec(_ layout: OrderLineLayout, product: Product, variant: Variant) -> PrintFileSpec {
        let crop: PrintFileSpec.Crop? = layout.crop.map { crop in
            crop.units == .normalised
                ? .normalised(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
                : .pixels(x: Int(crop.x), y: Int(crop.y), width: Int(crop.width), height: Int(crop.height))
        }
        return PrintFileSpec(
            printSize: product.printSize, dpi: product.dpi, crop: crop, rotation: PrintFileSpec.Rotation(rawValue: layout.rotation) ?? .none,
            sizing: PrintFileSpec.Sizing(rawValue: layout.sizing.rawValue) ?? .fill, bleedMillimetres: product.bleedMillimetres,
            quality: variant.quality, maximumBytes: variant.maximumBytes, minimumQuality: min(variant.quality, DestinationFileSettings.minimumQuality))
    }

    /// The line's print files, one per variant, rendered (or found already rendered) into the store.
    ///
    /// - Throws: the renderer's ``PhotoSourceKit/PhotoSourceError`` (`.tooLarge` when no quality
    ///   down to the minimum meets a byte limit, `.invalidData` for a crop outside the photo), or the store's.
    func render(
        original: AssetStore.StoredAsset, layout: OrderLineLayout, product: Product, fileName: String, variants: [Variant]
    ) async throws -> [PrintFileAsset] {
        var files: [PrintFileAsset] = []
        for variant in variants {
            let spec = Self.spec(layout, product: product, variant: variant)
            var file = try await rendered(original: original, spec: spec)
            file.destinations = variant.destinations
            file.fileName = Self.printFileName(fileName)
            files.append(file)
        }
        return files
    }

    /// The remembered render of `spec` from `original`, else a new one, remembered.
    private func rendered(original: AssetStore.StoredAsset, spec: PrintFileSpec) async throws -> PrintFileAsset {
        let indexPath = "prints/" + Self.key(original: original.sha256, spec: spec) + ".json"
        let assets = assets
        // File work off the cooperative pool, as the asset store's own.
        let remembered = try await NIOThreadPool.singleton.runIfActive { () -> PrintFileAsset? in
            guard let data = try? Data(contentsOf: assets.storage.location(of: indexPath)),
                  let file = try? JSONDecoder().decode(PrintFileAsset.self, from: data),
                  FileManager.default.fileExists(atPath: assets.file(sha256: file.sha256, contentType: PrintFileAsset.contentType).path)
            else { return nil }
            return file
        }
        if let remembered { return remembered }
        let limits = assets.limits
        let print = try await DecodePool.shared.run {
            try PrintFileRenderer.render(try Data(contentsOf: original.file, options: .alwaysMapped), spec: spec, limits: limits)
        }
        let stored = try await assets.ingest(bytes: print.data)
        let file = PrintFileAsset(
            destinations: [], fileName: "", sha256: stored.sha256, md5: stored.md5, byteCount: stored.byteCount,
            pixelWidth: print.pixelSize.width, pixelHeight: print.pixelSize.height, effectiveDPI: print.effectiveDPI,
            bleedPixels: print.bleedPixels, quality: print.quality, colourSource: print.colourSource.rawValue)
        // Only a shortcut: a render not remembered is rendered again, to the same bytes.
        let record = try JSONEncoder().encode(file)
        try? await NIOThreadPool.singleton.runIfActive { try assets.storage.write(record, to: indexPath, permissions: PrivateDirectory.fileMode) }
        return file
    }

    /// The render's key: SHA-256 of the original's hash and everything in the spec that shapes the file.
    static func key(original sha256: String, spec: PrintFileSpec) -> String {
        let crop = spec.crop.map { "\($0)" } ?? "whole"
        let inputs = [
            "v\(rendererVersion)", sha256, "\(spec.printSize.width)x\(spec.printSize.height)\(spec.printSize.unit.rawValue)",
            "\(spec.dpi)dpi", "\(spec.bleedMillimetres)mm", crop, spec.sizing.rawValue, "\(spec.rotation.rawValue)",
            "q\(spec.quality)-\(spec.minimumQuality)", "max\(spec.maximumBytes.map(String.init) ?? "-")",
        ].joined(separator: "|")
        return Hex.string(SHA256.hash(data: Data(inputs.utf8)))
    }

    /// `003-IMG_0042.png` → `003-IMG_0042.jpg`: print files are JPEG.
    static func printFileName(_ original: String) -> String {
        guard let dot = original.lastIndex(of: ".") else { return original + ".jpg" }
        return original[..<dot] + ".jpg"
    }
}
