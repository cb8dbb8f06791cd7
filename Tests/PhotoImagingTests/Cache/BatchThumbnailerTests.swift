import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("BatchThumbnailer")
struct BatchThumbnailerTests {
    let spec = ThumbnailSpec(maxPixelSize: 32)

    @Test("every file gets its own result in input order; one bad file fails alone")
    func mixedBatch() async throws {
        try await withTemporaryFolder { folder in
            let inputs = folder.appendingPathComponent("in")
            try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
            let first = inputs.appendingPathComponent("beach.jpg")
            let sameName = inputs.appendingPathComponent("beach.png")
            let missing = inputs.appendingPathComponent("gone.jpg")
            try Data("sand".utf8).write(to: first)
            try Data("waves".utf8).write(to: sameName)
            let out = folder.appendingPathComponent("out/thumbs")
            let library = TestLibrary()

            // When
            let report = await BatchThumbnailer(spec: spec, outputDirectory: out, jobs: 2, renderer: library.renderer)
                .run([first, missing, sameName])

            // Then
            #expect(report.results.map(\.input) == [first, missing, sameName])
            #expect(report.succeeded == 2)
            #expect(report.failed == 1)
            #expect(report.elapsedSeconds >= 0)
            let written = try report.results[0].outcome.get()
            #expect(written.url == out.appendingPathComponent("beach_thumb.jpg"))
            #expect(try Data(contentsOf: written.url) == Data("thumb(\(spec)):sand".utf8))
            #expect(written.byteCount == Data("thumb(\(spec)):sand".utf8).count)
            #expect(written.pixelSize == PixelSize(width: 32, height: 32))
            let second = try report.results[2].outcome.get()
            #expect(second.url == out.appendingPathComponent("beach_thumb-2.jpg"))
            #expect(try Data(contentsOf: second.url) == Data("thumb(\(spec)):waves".utf8))
            guard case .failure(let error) = report.results[1].outcome else {
                Issue.record("the missing file succeeded")
                return
            }
            #expect(error.code == .notFound)
        }
    }

    @Test("without an output folder each thumbnail goes beside its input")
    func besideInput() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("cat.jpeg")
            try Data("meow".utf8).write(to: file)
            let report = await BatchThumbnailer(spec: spec, jobs: 1, renderer: TestLibrary().renderer).run([file])
            #expect(try report.results[0].outcome.get().url == folder.appendingPathComponent("cat_thumb.jpg"))
        }
    }

    @Test("an output folder that cannot be created fails every file with a clear error")
    func unusableOutputFolder() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("a.jpg")
            try Data("a".utf8).write(to: file)
            let blocker = folder.appendingPathComponent("file")
            try Data().write(to: blocker)
            let report = await BatchThumbnailer(spec: spec, outputDirectory: blocker.appendingPathComponent("out"), renderer: TestLibrary().renderer)
                .run([file, file])
            #expect(report.failed == 2)
            for result in report.results {
                guard case .failure(let error) = result.outcome else { continue }
                #expect(error.code == .accessDenied)
            }
        }
    }

    @Test("a file larger than the encoded-bytes limit is refused before rendering")
    func tooLarge() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("big.jpg")
            try Data(count: 2048).write(to: file)
            let library = TestLibrary()
            let report = await BatchThumbnailer(
                spec: spec, jobs: 1, limits: ImageLimits(maxEncodedBytes: 1024), renderer: library.renderer
            ).run([file])
            guard case .failure(let error) = report.results[0].outcome else {
                Issue.record("an over-limit file was rendered")
                return
            }
            #expect(error.code == .tooLarge)
            #expect(library.renders == 0)
        }
    }
}

@Suite("BatchThumbnailer file names and leftovers")
struct BatchThumbnailerFileTests {
    let spec = ThumbnailSpec(maxPixelSize: 32)

    @Test("a 239-byte input name whose 245-byte thumbnail name is legal is thumbnailed")
    func longInputName() async throws {
        try await withTemporaryFolder { folder in
            let input = folder.appendingPathComponent(String(repeating: "p", count: 235) + ".jpg")
            try Data("sand".utf8).write(to: input)
            let out = folder.appendingPathComponent("out")

            let report = await BatchThumbnailer(spec: spec, outputDirectory: out, renderer: TestLibrary().renderer).run([input])

            let written = try report.results[0].outcome.get()
            #expect(written.url.lastPathComponent.utf8.count == 245)
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [written.url.lastPathComponent])
        }
    }

    @Test("a run deletes the temporary files a killed run left in the output folder")
    func sweepsOrphansOfKilledRun() async throws {
        try await withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("beach.jpg")
            try Data("sand".utf8).write(to: input)
            let out = folder.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let orphan = out.appendingPathComponent(".psk-tmp-2147483646-00000000000000ff")
            try Data("half a thumbnail".utf8).write(to: orphan)
            makeOld(orphan, seconds: 30)

            _ = await BatchThumbnailer(spec: spec, outputDirectory: out, renderer: TestLibrary().renderer).run([input])

            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["beach_thumb.jpg"])
        }
    }
}
