import Foundation
import PhotoSourceKit
import Testing
@testable import photosource

@Suite("Error lines for a person at the command line")
struct ErrorTextTests {
    @Test("the detail is not repeated when the message already says it")
    func noDoubledDetail() {
        let notFound = PhotoSourceError(.notFound, "http://x/p does not exist (any more) (HTTP 404).", detail: "HTTP 404")
        let other = PhotoSourceError(.unknown, "Could not write.", detail: "No space left on device")
        #expect(ErrorText.line(for: notFound) == "http://x/p does not exist (any more) (HTTP 404).")
        #expect(ErrorText.line(for: other) == "Could not write. (No space left on device)")
    }

    @Test("advice about the library's ImageLimits is dropped; the rest of the advice stays")
    func noLibraryAdvice() {
        let whole = PhotoSourceError(
            .tooLarge,
            "The progressive JPEG is 9000×9000 pixels; such images are decoded whole, and the limit for that is 64000000 pixels. "
                + "Save it as a baseline JPEG or a non-interlaced PNG, or raise ImageLimits.maxWholeImagePixels.")
        let bytes = PhotoSourceError(.tooLarge, "The image file is 5 bytes, more than the 4-byte limit; use a smaller file or raise ImageLimits.maxEncodedBytes.")
        #expect(ErrorText.line(for: whole).hasSuffix("Save it as a baseline JPEG or a non-interlaced PNG."))
        #expect(ErrorText.line(for: bytes) == "The image file is 5 bytes, more than the 4-byte limit; use a smaller file.")
    }

    @Test("a file that cannot be written is named as the person gave it, not as the hidden temporary file")
    func noTemporaryPaths() async throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-blocker-\(UUID().uuidString)")
        try Data("a file, not a folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let harness = ReplHarness(sources: [PictureSource.make()])
        // When
        await harness.run(["thumb 2 --out \(blocker.path)/t.jpg"])
        // Then
        let line = try #require(harness.output.errors.first)
        #expect(line.hasPrefix("Could not create \(blocker.path)/t.jpg."), "\(line)")
        #expect(!line.contains(".tmp-"))
    }
}
