public import Foundation
public import PhotoSourceKit

/// Makes thumbnails of many local files at once: the engine of `photosource thumbnail`.
///
/// Each file is read, rendered and written on a ``DecodePool`` of ``jobs`` threads, with at most
/// ``jobs`` files in flight. The thumbnail of `DIR/name.ext` is written atomically as
/// `OUT/name_thumb.<format extension>` (`name_thumb-2…` when two inputs share a name), where `OUT`
/// is ``outputDirectory`` or, when that is `nil`, the input's own folder. One bad file fails
/// alone, with its ``PhotoSourceError``.
public struct BatchThumbnailer: Sendable {
    /// A thumbnail written to disk.
    public struct Output: Sendable, Hashable {
        /// Where it was written.
        public var url: URL
        /// Its pixel size.
        public var pixelSize: PixelSize
        /// Its size in bytes.
        public var byteCount: Int
    }

    /// What happened to one input file.
    public struct FileResult: Sendable {
        /// The input file.
        public var input: URL
        /// The thumbnail written, or why there is none.
        public var outcome: Result<Output, PhotoSourceError>
    }

    /// The results of one ``run(_:)``.
    public struct Report: Sendable {
        /// One result per input, in input order.
        public var results: [FileResult]
        /// Wall-clock seconds the whole batch took.
        public var elapsedSeconds: Double
        /// The number of thumbnails written.
        public var succeeded: Int { results.filter { if case .success = $0.outcome { true } else { false } }.count }
        /// The number of files that failed.
        public var failed: Int { results.count - succeeded }
    }

    /// What thumbnail to make.
    public var spec: ThumbnailSpec
    /// Where thumbnails go; `nil` puts each beside its input.
    public var outputDirectory: URL?
    /// Threads, and files in flight.
    public var jobs: Int
    /// Limits every input is checked against (`maxEncodedBytes` also bounds the file read).
    public var limits: ImageLimits
    /// Makes a thumbnail from bytes.
    public var renderer: ThumbnailCache.Renderer

    /// Creates a batch; `jobs` defaults to the number of active cores.
    public init(
        spec: ThumbnailSpec, outputDirectory: URL? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        limits: ImageLimits = .default, renderer: @escaping ThumbnailCache.Renderer = ThumbnailCache.standardRenderer
    ) {
        self.spec = spec
        self.outputDirectory = outputDirectory
        self.jobs = max(1, jobs)
        self.limits = limits
        self.renderer = renderer
    }

    /// Renders every file in `files` and reports what happened to each.
    public func run(_ files: [URL]) async -> Report {
        let start = ContinuousClock.now
        let names = Self.outputNames(for: files)
        var results = files.map { FileResult(input: $0, outcome: .failure(PhotoSourceError(.cancelled, "\($0.path) was not processed."))) }
        let setup: PhotoSourceError?
        do {
            if let outputDirectory {
                try AtomicFile.makeDirectory(outputDirectory)
                AtomicFile.sweepOrphans(in: outputDirectory)  // left by a run that was killed
            }
            setup = nil
        } catch {
            setup = PhotoSourceError.wrapping(error, context: "Creating the folder \(outputDirectory?.path ?? "")")
        }
        if let setup {
            for index in results.indices { results[index].outcome = .failure(setup) }
        } else {
            let pool = DecodePool(threadCount: jobs)
            await withTaskGroup(of: (Int, Result<Output, PhotoSourceError>).self) { group in
                for (index, file) in files.enumerated() {
                    if index >= jobs, let (done, outcome) = await group.next() { results[done].outcome = outcome }
                    let target = (outputDirectory ?? file.deletingLastPathComponent()).appendingPathComponent(names[index])
                    group.addTask { (index, await render(file, to: target, on: pool)) }
                }
                for await (done, outcome) in group { results[done].outcome = outcome }
            }
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Report(results: results, elapsedSeconds: seconds)
    }

    /// Reads, renders and writes one file on the pool; `target` lacks the extension.
    private func render(_ file: URL, to target: URL, on pool: DecodePool) async -> Result<Output, PhotoSourceError> {
        let (spec, limits, renderer) = (spec, limits, renderer)
        do {
            return .success(try await pool.run {
                let reader = try FileImageDownloader(root: URL(fileURLWithPath: "/"), maximumBytes: limits.maxEncodedBytes)
                let image = try reader.read(file, name: file.lastPathComponent)
                let thumbnail = try renderer(image.bytes, spec, limits)
                let url = target.appendingPathExtension(thumbnail.format.fileExtension)
                try AtomicFile.write(thumbnail.data, to: url)
                return Output(url: url, pixelSize: thumbnail.pixelSize, byteCount: thumbnail.data.count)
            })
        } catch {
            return .failure(PhotoSourceError.wrapping(error, context: "Making a thumbnail of \(file.path)"))
        }
    }

    /// `name_thumb`, or `name_thumb-2`, `-3`… for later inputs with a name already used.
    static func outputNames(for files: [URL]) -> [String] {
        var used: [String: Int] = [:]
        return files.map { file in
            let base = file.deletingPathExtension().lastPathComponent + "_thumb"
            let seen = used[base, default: 0] + 1
            used[base] = seen
            return seen == 1 ? base : "\(base)-\(seen)"
        }
    }
}
