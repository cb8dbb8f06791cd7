import Foundation
import PhotoImaging

/// The benchmark corpus: five classes of files, generated deterministically.
enum Corpus {
    struct Kind {
        let name: String
        let width: Int
        let height: Int
        let channels: Int
        let format: String  // "jpeg", "progressive", "png"
    }

    static let kinds: [Kind] = [
        Kind(name: "jpeg-24mp", width: 6000, height: 4000, channels: 3, format: "jpeg"),
        Kind(name: "jpeg-12mp", width: 4000, height: 3000, channels: 3, format: "jpeg"),
        Kind(name: "progressive-12mp", width: 4000, height: 3000, channels: 3, format: "progressive"),
        Kind(name: "png-6mp-rgb", width: 3000, height: 2000, channels: 3, format: "png"),
        Kind(name: "png-4mp-rgba", width: 2500, height: 1600, channels: 4, format: "png"),
    ]

    /// Writes `count` files of every kind into `folder/<kind>/`, skipping files that exist.
    static func generate(into folder: URL, count: Int) throws {
        for (kindIndex, kind) in kinds.enumerated() {
            let dir = folder.appendingPathComponent(kind.name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for index in 0..<count {
                let ext = kind.format == "png" ? "png" : "jpg"
                let file = dir.appendingPathComponent(String(format: "%@-%02d.%@", kind.name, index, ext))
                if FileManager.default.fileExists(atPath: file.path) { continue }
                var painter = SyntheticPhoto(seed: UInt64(kindIndex * 1000 + index + 1))
                let image = painter.paint(width: kind.width, height: kind.height, channels: kind.channels)
                let data: Data
                switch kind.format {
                case "png": data = try ImageEncoder.png(image)
                case "progressive": data = try ImageEncoder.jpeg(image, quality: 90, progressive: true)
                default: data = try ImageEncoder.jpeg(image, quality: 90)
                }
                try data.write(to: file, options: .atomic)
                print("wrote \(file.lastPathComponent) (\(data.count / 1024) KiB)")
            }
        }
    }
}
