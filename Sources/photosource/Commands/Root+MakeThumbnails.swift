import ArgumentParser
import Foundation
import PhotoImaging
import PhotoSourceKit

extension Root {
    /// `photosource thumbnail FILE… --size 256 [--out DIR] [--jobs N] [--format jpeg|png] [--quality Q]`.
    struct MakeThumbnails: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "thumbnail",
            abstract: "Make thumbnails of JPEG and PNG files, several at a time.",
            discussion: """
                The thumbnail of DIR/name.jpg is written as OUT/name_thumb.jpg (or .png), OUT being \
                --out or, by default, $XDG_CACHE_HOME/photosource/saved-thumbnails (where `thumb` in \
                browse saves too): never beside the photos, where `ls local:` would list each \
                thumbnail as one more photo. Without --out a line before the summary names that \
                folder. Each failed file is one line on standard error (photosource: FILE: why); the \
                last line is a summary (N images, S s, R images/s) of the thumbnails written. The exit status is 1 when any \
                file failed.
                """)

        @Argument(help: ArgumentHelp("The image files.", valueName: "file"))
        var files: [String] = []

        @Option(parsing: .unconditional, help: "The long side of the thumbnails, in pixels (1 to 4096).")
        var size = 256

        @Option(help: ArgumentHelp(
            "The folder to write into (created if needed); by default $XDG_CACHE_HOME/photosource/saved-thumbnails.", valueName: "dir"))
        var out: String?

        // No default in the declaration: ArgumentParser would print the build machine's core count
        // beside "(default: the number of cores)".
        @Option(parsing: .unconditional, help: "Files rendered at once, 1 to 256 (default: the number of cores).")
        var jobs: Int?

        @Option(help: "jpeg, png, or auto (PNG for images with transparency, JPEG otherwise).")
        var format: FormatChoice = .auto

        @Option(parsing: .unconditional, help: "JPEG quality, 1 to 100.")
        var quality = 80

        @Flag(help: "Print a line for every thumbnail written.")
        var verbose = false

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("Give at least one image file, as in: photosource thumbnail photo.jpg") }
            guard (1...ThumbnailOptions.maximumSize).contains(size) else {
                throw ValidationError("--size must be between 1 and \(ThumbnailOptions.maximumSize) pixels; \(size) is not.")
            }
            if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256; \(jobs) is not.") }
            guard (1...100).contains(quality) else { throw ValidationError("--quality must be between 1 and 100; \(quality) is not.") }
        }

        func run() async throws {
            let folder = out.map { SourceResolver.expandPath(RawPathArguments.encoded($0)) } ?? ThumbnailOptions.standardSaveFolder
            let batch = BatchThumbnailer(
                spec: ThumbnailSpec(maxPixelSize: size, format: format.specFormat, quality: quality),
                outputDirectory: folder,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let report = await batch.run(files.map { SourceResolver.expandPath(RawPathArguments.encoded($0), isDirectory: false) })
            let errors = StandardStreams()
            for result in report.results {
                switch result.outcome {
                case .success(let written):
                    if verbose { print("\(TerminalText.escaped(result.input.path)) -> \(TerminalText.escaped(written.url.path)) (\(written.pixelSize), \(written.byteCount) bytes)") }
                case .failure(let error):
                    errors.writeError("photosource: " + TerminalText.escaped("\(result.input.path): \(error.description)"))
                }
            }
            if out == nil, report.succeeded > 0 { print("Thumbnails are in \(TerminalText.escaped(folder.path)).") }
            print(Self.summary(succeeded: report.succeeded, seconds: report.elapsedSeconds))
            if report.failed > 0 {
                errors.writeError("photosource: \(report.failed) of \(report.results.count) file(s) failed.")
                throw ExitCode.failure
            }
        }

        /// `12 images, 0.84 s, 14.3 images/s`.
        static func summary(succeeded: Int, seconds: Double) -> String {
            let rate = seconds > 0 ? Double(succeeded) / seconds : 0
            return "\(succeeded) images, \(seconds.formatted(.number.precision(.fractionLength(2)))) s, "
                + "\(rate.formatted(.number.precision(.fractionLength(1)))) images/s"
        }
    }
}

extension Root.MakeThumbnails {
    /// The `--format` values.
    enum FormatChoice: String, CaseIterable, ExpressibleByArgument {
        case auto, jpeg, png

        /// The spec's format.
        var specFormat: ThumbnailSpec.Format {
            switch self {
            case .auto: .auto
            case .jpeg: .jpeg
            case .png: .png
            }
        }
    }
}
