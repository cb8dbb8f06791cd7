import CTurboJPEG
import Foundation
import PhotoImaging

/// The benchmark corpus: eight classes of files, generated deterministically (same seeds, same
/// bytes on every machine with the same libjpeg-turbo and zlib).
///
/// JPEGs come in 4:2:0 (what phones and cameras write) and 4:4:4, both at quality 90; a 4:2:0
/// class and its 4:4:4 twin hold the same pictures (same seeds), so the two differ only in
/// chroma subsampling.
enum Corpus {
    enum Format: String {
        case baseline, progressive, png
    }

    struct Kind {
        let name: String
        let width: Int
        let height: Int
        let channels: Int
        let format: Format
        /// `TJSAMP_420` or `TJSAMP_444` (unused for PNG).
        let subsampling: TJSAMP
        /// The first seed; file `index` is painted from `seed + index`.
        let seed: UInt64
    }

    static let kinds: [Kind] = [
        Kind(name: "jpeg-24mp-420", width: 6000, height: 4000, channels: 3, format: .baseline, subsampling: TJSAMP_420, seed: 1),
        Kind(name: "jpeg-12mp-420", width: 4000, height: 3000, channels: 3, format: .baseline, subsampling: TJSAMP_420, seed: 1001),
        Kind(name: "progressive-12mp-420", width: 4000, height: 3000, channels: 3, format: .progressive, subsampling: TJSAMP_420,
             seed: 2001),
        Kind(name: "jpeg-24mp-444", width: 6000, height: 4000, channels: 3, format: .baseline, subsampling: TJSAMP_444, seed: 1),
        Kind(name: "jpeg-12mp-444", width: 4000, height: 3000, channels: 3, format: .baseline, subsampling: TJSAMP_444, seed: 1001),
        Kind(name: "progressive-12mp-444", width: 4000, height: 3000, channels: 3, format: .progressive, subsampling: TJSAMP_444,
             seed: 2001),
        Kind(name: "png-6mp-rgb", width: 3000, height: 2000, channels: 3, format: .png, subsampling: TJSAMP_444, seed: 3001),
        Kind(name: "png-4mp-rgba", width: 2500, height: 1600, channels: 4, format: .png, subsampling: TJSAMP_444, seed: 4001),
    ]

    /// Writes `count` files of every kind into `folder/<kind>/`, skipping files that exist.
    static func generate(into folder: URL, count: Int) throws {
        for kind in kinds {
            let dir = folder.appendingPathComponent(kind.name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for index in 0..<count {
                let ext = kind.format == .png ? "png" : "jpg"
                let file = dir.appendingPathComponent(String(format: "%@-%02d.%@", kind.name, index, ext))
                if FileManager.default.fileExists(atPath: file.path) { continue }
                var painter = SyntheticPhoto(seed: kind.seed + UInt64(index))
                let image = painter.paint(width: kind.width, height: kind.height, channels: kind.channels)
                let data = kind.format == .png
                    ? try ImageEncoder.png(image)
                    : jpeg(image, subsampling: kind.subsampling, progressive: kind.format == .progressive)
                try data.write(to: file, options: .atomic)
                print("wrote \(file.lastPathComponent) (\(data.count / 1024) KiB)")
            }
        }
    }

    /// `image` (RGB) as a quality-90 JPEG with the given chroma subsampling, accurate DCT.
    /// (The library's encoder picks the subsampling from the quality, so the corpus sets it here.)
    static func jpeg(_ image: PixelBuffer, subsampling: TJSAMP, progressive: Bool) -> Data {
        guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let flags = TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(subsampling.rawValue), 90, flags)
        }
        guard status == 0, let output else { fatalError("tjCompress2 failed: \(String(cString: tjGetErrorStr2(handle)))") }
        defer { tjFree(output) }
        return Data(bytes: output, count: Int(size))
    }
}
