import Foundation
import Testing

@Suite("photosource check: sampling, skipped checks and --strict")
struct CheckSkipsAndSamplingTests {
    /// A `urls:` list file of `photos` real JPEGs from the generated demo library, with a text
    /// file inserted at `textAt` when given; returns the list's path.
    static func listFile(_ folders: SharedFolders, photos: Int, textAt: Int?) async throws -> URL {
        _ = try await PhotosourceBinary.run(["ls", "demo"], environment: folders.environment)
        let cache = folders.root.appendingPathComponent("cache/photosource")
        let version = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0 != "thumbnails" })
        let library = cache.appendingPathComponent(version)
        let files = try #require(FileManager.default.enumerator(atPath: library.path)).compactMap { $0 as? String }
        var entries = files.filter { $0.hasSuffix(".jpg") }.sorted().prefix(photos).map { library.appendingPathComponent($0).path }
        try #require(entries.count == photos, "the demo library has at least \(photos) photos")
        if let textAt {
            let notes = folders.root.appendingPathComponent("order-notes.jpg")
            try Data("2 prints, matte, 10x15\n".utf8).write(to: notes)
            entries.insert(notes.path, at: textAt)
        }
        let list = folders.root.appendingPathComponent("picks.txt")
        try Data((entries.joined(separator: "\n") + "\n").utf8).write(to: list)
        return list
    }

    @Test("a text file in the middle of a urls: list is listed as not a photo: declared, so the check leaves it out and passes")
    func textFileAmongPhotos() async throws {
        // Given: 11 entries, the 8th a text file named like a photo
        let folders = SharedFolders()
        defer { folders.remove() }
        let list = try await Self.listFile(folders, photos: 10, textAt: 7)

        // When
        let result = try await PhotosourceBinary.run(["check", "urls:" + list.path], environment: folders.environment)

        // Then
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let row = try #require(result.lines.first { $0.hasPrefix("thumbnail-decodes ") })
        #expect(row.contains("  PASS  "), "\(row)")
        #expect(result.lines.contains("images checked: all 10 images"))
        #expect(result.lines.contains("1 image listed as not usable by the source, so not checked:"))
        #expect(result.lines.contains { $0.hasPrefix("  \"") && $0.contains("order-notes.jpg\" in /: This data is not a supported image format") })
    }

    @Test("the same text file in a local: folder is listed and checked the same way")
    func textFileInFolder() async throws {
        // Given: the photos of the list, and the text file, in one folder
        let folders = SharedFolders()
        defer { folders.remove() }
        let list = try await Self.listFile(folders, photos: 3, textAt: 1)
        let folder = folders.root.appendingPathComponent("picks")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = try String(contentsOf: list, encoding: .utf8).split(separator: "\n").map(String.init)
        for (index, path) in paths.enumerated() {
            let name = path.hasSuffix("order-notes.jpg") ? "order-notes.jpg" : "photo-\(index).jpg"
            try FileManager.default.copyItem(atPath: path, toPath: folder.appendingPathComponent(name).path)
        }

        // When
        let listed = try await PhotosourceBinary.run(["ls", "local:" + folder.path, "--json"], environment: folders.environment)
        let checked = try await PhotosourceBinary.run(["check", "local:" + folder.path], environment: folders.environment)

        // Then
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(listed.output.contains("order-notes.jpg (not a photo)"), "\(listed.output)")
        #expect(checked.status == 0, "\(checked.output)\(checked.errors)")
        #expect(checked.lines.contains("images checked: all 3 images"))
        #expect(checked.lines.contains("1 image listed as not usable by the source, so not checked:"))
    }

    @Test("skipped checks are counted and explained in words, without API names; --strict fails on them")
    func skippedExplained() async throws {
        // Given
        let folders = SharedFolders()
        defer { folders.remove() }
        let list = try await Self.listFile(folders, photos: 3, textAt: nil)

        // When
        let plain = try await PhotosourceBinary.run(["check", "urls:" + list.path], environment: folders.environment)
        let strict = try await PhotosourceBinary.run(["check", "urls:" + list.path, "--strict"], environment: folders.environment)

        // Then
        #expect(plain.status == 0, "\(plain.output)\(plain.errors)")
        #expect(strict.status == 1, "--strict: skipped checks fail the run")
        let summary = try #require(plain.lines.last)
        // A flat list has no albums (2 back-item checks), no sign-in (2), no faults built in (4).
        #expect(summary.contains(" 0 failed, 8 skipped (back-item-first, back-item-returns-to-parent, signed-out-listing, sign-out, listing-fault-401"), "\(summary)")
        #expect(plain.lines.contains("8 skipped:"))
        #expect(plain.lines.contains("  back-item-first: the root has no containers to open"))
        #expect(plain.lines.contains { $0.hasPrefix("  signed-out-listing, sign-out: this source has no sign-in") })
        #expect(plain.lines.contains { $0.contains("listing-fault-slow: these make the source's own listing fail on purpose") })
        #expect(plain.lines.contains { $0.hasPrefix("listing-fault-401 ") && $0.hasSuffix("SKIP  needs faults built into the source (its Swift tests)") })
        #expect(!plain.output.contains("injectingFaults"), "no API names for a CLI user")
        #expect(!plain.output.contains("signIn closure"))
    }

    @Test("a list larger than --images is sampled with a printed seed, and --seed repeats the picks")
    func seededSampling() async throws {
        // Given
        let folders = SharedFolders()
        defer { folders.remove() }
        let list = try await Self.listFile(folders, photos: 12, textAt: nil)

        // When
        let first = try await PhotosourceBinary.run(["check", "urls:" + list.path, "--images", "4"], environment: folders.environment)
        let line = try #require(first.lines.first { $0.hasPrefix("images checked: 4 of 12 images") }, "\(first.output)")
        let seed = try #require(line.split(separator: " ").last.map { String($0.dropLast()) })
        let again = try await PhotosourceBinary.run(
            ["check", "urls:" + list.path, "--images", "4", "--seed", seed], environment: folders.environment)
        let invalid = try await PhotosourceBinary.run(["check", "urls:" + list.path, "--images", "0"], environment: folders.environment)

        // Then
        #expect(first.status == 0, "\(first.output)")
        #expect(line.hasSuffix("(repeat these picks with --seed \(seed))"), "\(line)")
        let row = { (result: PhotosourceBinary.Result) in result.lines.first { $0.hasPrefix("full-image-decodes ") } }
        #expect(row(again) == row(first), "the same seed checks the same photos")
        #expect(invalid.status != 0)
        #expect(invalid.errors.contains("--images must be at least 1"))
    }
}
