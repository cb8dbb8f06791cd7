import Foundation
import PhotoImaging
import PhotoSourceKit

// The thumbnail benchmark's Swift side. Benchmarks/run.sh drives it and the peer tools.
//   thumbnail-bench corpus DIR COUNT        generate the corpus
//   thumbnail-bench ours JOBS SIZE OUTDIR FORMAT FILE…   our batch thumbnailer (the code behind `photosource thumbnail`)
//   thumbnail-bench render SIZE OUTDIR FILE…  the same, one file after another on the main thread (for callgrind)
//   thumbnail-bench limit-jpeg FILE…        bare libturbojpeg decode at 1/8 of files in memory: wall and CPU seconds of one pass
//   thumbnail-bench limit-png FILE…         bare libpng full decode of files in memory: wall and CPU seconds of one pass
//   thumbnail-bench psnr SIZE ORIGINAL THUMB [ORIGINAL THUMB]…   luma PSNR per pair vs full decode + Lanczos
//   thumbnail-bench cache SAMPLE.jpg        memory/disk hit latency and coalescing
//   thumbnail-bench print 4x6|16x20 OUTDIR FILE…   print files (fill, 300 dpi, sRGB, quality 95 4:4:4), one after another

let arguments = Array(CommandLine.arguments.dropFirst())
func load(_ paths: ArraySlice<String>) throws -> [Data] {
    try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
}

/// `text` as a positive whole number, or an error naming it.
func number(_ text: String) throws -> Int {
    guard let value = Int(text), value > 0 else { throw BenchError("\(text) is not a positive whole number") }
    return value
}
/// A usage mistake, shown as its message.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
let usageText = "usage: thumbnail-bench corpus|ours|render|limit-jpeg|limit-png|psnr|cache|print … (see the comment at the top of main.swift)"
func usage() -> Never {
    FileHandle.standardError.write(Data((usageText + "\n").utf8))
    exit(2)
}
/// The arguments a subcommand needs, or the usage text and exit code 2.
func require(_ count: Int) {
    if arguments.count < count { usage() }
}

do {
    switch arguments.first {
    case "corpus":
        require(3)
        try Corpus.generate(into: URL(fileURLWithPath: arguments[1]), count: Int(arguments[2]) ?? 4)
    case "ours":
        require(6)
        let format: ThumbnailSpec.Format = arguments[4] == "png" ? .png : .jpeg
        let batch = BatchThumbnailer(
            spec: ThumbnailSpec(maxPixelSize: try number(arguments[2]), format: format),
            outputDirectory: URL(fileURLWithPath: arguments[3]), jobs: try number(arguments[1]))
        let report = await batch.run(arguments.dropFirst(5).map { URL(fileURLWithPath: $0) })
        print("\(report.succeeded) images, \(String(format: "%.3f", report.elapsedSeconds)) s")
        if report.failed > 0 { exit(1) }
    case "render":
        require(4)
        // One job's work without the batch's task group and pool (valgrind cannot run those): each
        // file read, rendered and written in turn on the main thread. For callgrind profiles.
        let spec = ThumbnailSpec(maxPixelSize: try number(arguments[1]), format: .jpeg)
        let reader = try FileImageDownloader(root: URL(fileURLWithPath: "/"))
        for path in arguments.dropFirst(3) {
            let file = URL(fileURLWithPath: path)
            let thumbnail = try ThumbnailRenderer.render(try reader.read(file, name: file.lastPathComponent).bytes, spec: spec)
            try AtomicFile.write(thumbnail.data, to: URL(fileURLWithPath: arguments[2]).appendingPathComponent(file.lastPathComponent))
        }
    case "limit-jpeg", "limit-png":
        require(2)
        let files = try load(arguments.dropFirst())
        let pass = arguments[0] == "limit-jpeg" ? DecodeLimit.jpegEighth : DecodeLimit.pngFull
        pass(Array(files.prefix(1)))  // warm up
        let (wall, cpu) = DecodeLimit.timed { pass(files) }
        print(String(format: "%.6f %.6f", wall, cpu))
    case "psnr":
        require(4)
        let size = try number(arguments[1])
        var worst = Double.infinity
        for pair in stride(from: 2, to: arguments.count - 1, by: 2) {
            let original = try Data(contentsOf: URL(fileURLWithPath: arguments[pair]))
            let thumb = try ImageDecoder.decodeFull(try Data(contentsOf: URL(fileURLWithPath: arguments[pair + 1])))
            let reference = try Quality.reference(original, size: size)
            guard let value = Quality.psnr(thumb, reference) else {
                print("size mismatch: \(arguments[pair + 1]) is \(thumb.width)×\(thumb.height), reference \(reference.width)×\(reference.height)")
                worst = -1
                continue
            }
            worst = min(worst, value)
        }
        print(String(format: "%.1f", worst))
    case "print":
        require(4)
        let sizes = ["4x6": PrintSize.inches(4, 6), "16x20": PrintSize.inches(16, 20)]
        guard let size = sizes[arguments[1]] else { throw BenchError("\(arguments[1]) is not 4x6 or 16x20") }
        for path in arguments.dropFirst(3) {
            let file = URL(fileURLWithPath: path)
            let print = try PrintFileRenderer.render(try Data(contentsOf: file), spec: PrintFileSpec(printSize: size))
            try print.data.write(to: URL(fileURLWithPath: arguments[2]).appendingPathComponent(file.lastPathComponent))
        }
    case "cache":
        require(2)
        let sample = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnail-bench-\(getpid())")
        let r = try await CacheLatency.run(sample: sample, folder: folder)
        print(String(format: "memory-hit p50 %.1f µs, p99 %.1f µs", r.memoryP50, r.memoryP99))
        print(String(format: "disk-hit p50 %.1f µs, p99 %.1f µs", r.diskP50, r.diskP99))
        print("coalescing: \(r.concurrentRequests) concurrent requests -> \(r.downloads) download, \(r.decodes) decode")
    default:
        usage()
    }
} catch {
    FileHandle.standardError.write(Data("thumbnail-bench: \(error)\n".utf8))
    exit(1)
}
