import Foundation
import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("PreselectedSource probes pixel sizes from the first bytes only")
struct PreselectedProbingTests {
    @Test("a range request reads the header, not the file")
    func rangeReadsHeaderOnly() async throws {
        // Given a 40×30 JPEG followed by 4 MiB
        let jpeg = try ImageFixtures.jpeg(width: 40, height: 30)
        try await PhotoServer.run(["/big.jpg": .init(data: jpeg, padding: 4 << 20)]) { server in
            let source = try PreselectedFixtures.source(server, ["/big.jpg"])

            // When
            let items = try await PreselectedFixtures.rootItems(source)
            try await server.settle()

            // Then
            #expect(items.map(\.pixelSize) == [PixelSize(width: 40, height: 30)])
            #expect(server.hits == [.init(path: "/big.jpg", range: "bytes=0-65535")])
            #expect(server.bytesSent == 65_536)
            #expect(server.bytesSent * 50 < jpeg.count + (4 << 20))
        }
    }

    @Test("a header longer than the first range is read with one larger range")
    func largeHeaderSecondRange() async throws {
        // Given a JPEG whose frame header is 130 KB in, followed by 4 MiB
        let jpeg = try PreselectedFixtures.jpegWithLargeHeader()
        try await PhotoServer.run(["/icc.jpg": .init(data: jpeg, padding: 4 << 20)]) { server in
            let source = try PreselectedFixtures.source(server, ["/icc.jpg"])

            // When
            let items = try await PreselectedFixtures.rootItems(source)
            try await server.settle()

            // Then
            #expect(jpeg.count > EntryProbe.firstLength)
            #expect(items.map(\.pixelSize) == [PixelSize(width: 30, height: 20)])
            #expect(server.hits.map(\.range) == ["bytes=0-65535", "bytes=0-524287"])
            #expect(server.bytesSent == 65_536 + 524_288)
        }
    }

    @Test("a server ignoring Range with a small file: the whole file fits under the cap and is read")
    func ignoredRangeSmallFile() async throws {
        let jpeg = try ImageFixtures.jpeg(width: 24, height: 12)
        try await PhotoServer.run(["/small.jpg": .init(data: jpeg, behavior: .ignoresRange)]) { server in
            let source = try PreselectedFixtures.source(server, ["/small.jpg"])

            let items = try await PreselectedFixtures.rootItems(source)

            #expect(items.map(\.pixelSize) == [PixelSize(width: 24, height: 12)])
            #expect(server.hits == [.init(path: "/small.jpg", range: "bytes=0-65535")])
        }
    }

    @Test(
        "a server ignoring Range with a large file is cut off: the size is unknown, the listing works, nothing is asked twice",
        arguments: [true, false])
    func ignoredRangeLargeFile(announcesLength: Bool) async throws {
        // Given 128 MiB sent with 200 whatever the Range header says (with or without Content-Length)
        let jpeg = try ImageFixtures.jpeg(width: 24, height: 12)
        let photo = PhotoServer.Photo(data: jpeg, padding: 128 << 20, behavior: .ignoresRange, announcesLength: announcesLength)
        try await PhotoServer.run(["/huge.jpg": photo]) { server in
            let source = try PreselectedFixtures.source(server, ["/huge.jpg"])

            // When listed twice
            let first = try await PreselectedFixtures.rootItems(source)
            let second = try await PreselectedFixtures.rootItems(source)
            try await server.settle()

            // Then
            #expect(first.count == 1 && first[0].pixelSize == nil)
            #expect(second.count == 1 && second[0].pixelSize == nil)
            #expect(server.hits.count == 1, "a body over the cap is remembered as unknowable")
            // bytesSent counts what the server handed to NIO, socket buffers included; on a loaded
            // machine that reached 34 MiB before the hang-up was noticed, so the bound is "well
            // short of the 128 MiB file", not a tight figure.
            #expect(server.bytesSent < 96 << 20, "the client hung up long before the end of the file")
        }
    }

    @Test("sizes follow the EXIF orientation, for URLs and files alike", arguments: ExifOrientation.allCases)
    func exifOrientation(orientation: ExifOrientation) async throws {
        // Given the same JPEG on a server and in a folder
        let jpeg = try ImageFixtures.jpeg(width: 16, height: 8, orientation: orientation)

        // When
        let sizes = try await PreselectedFixtures.sizesAsURLAndFile(jpeg, name: "photo.jpg")

        // Then
        let expected = orientation.swapsDimensions ? PixelSize(width: 8, height: 16) : PixelSize(width: 16, height: 8)
        #expect(sizes == [expected, expected])
    }

    @Test("PNG sizes come from IHDR, for URLs and files alike", arguments: [(1, 1), (640, 2), (3, 480)])
    func pngSizes(width: Int, height: Int) async throws {
        let png = try ImageFixtures.png(width: width, height: height, alpha: width > 1)

        let sizes = try await PreselectedFixtures.sizesAsURLAndFile(png, name: "image.png")

        #expect(sizes == [PixelSize(width: width, height: height), PixelSize(width: width, height: height)])
    }

    @Test("a failed probe leaves the size unknown without failing the listing; the download reports the error")
    func failedProbe() async throws {
        let jpeg = try ImageFixtures.jpeg(width: 10, height: 10)
        try await PhotoServer.run(["/good.jpg": .init(data: jpeg), "/text.jpg": .init(data: Data("hello".utf8))]) { server in
            let source = try PreselectedFixtures.source(server, ["/good.jpg", "/missing.jpg", "/text.jpg"])

            // When
            let items = try await PreselectedFixtures.rootItems(source)

            // Then
            #expect(items.map(\.pixelSize) == [PixelSize(width: 10, height: 10), nil, nil])
            let missing = await errorCode { _ = try await source.downloader.download(items[1], from: source, variant: .full) }
            #expect(missing == .notFound)
            let good = try await source.downloader.download(items[0], from: source, variant: .full)
            #expect(good.bytes == jpeg)
            #expect(good.validator == "\"photo-\(jpeg.count)\"")
        }
    }

    @Test("sizes are remembered; a photo that was missing is probed again on the next listing")
    func memoised() async throws {
        let jpeg = try ImageFixtures.jpeg(width: 12, height: 9)
        try await PhotoServer.run(["/a.jpg": .init(data: jpeg)]) { server in
            let source = try PreselectedFixtures.source(server, ["/a.jpg", "/later.jpg"])

            // When listed, then listed again after the missing photo arrived
            let before = try await PreselectedFixtures.rootItems(source).map(\.pixelSize)
            server.serve(.init(data: try ImageFixtures.png(width: 5, height: 4)), at: "/later.jpg")
            let after = try await PreselectedFixtures.rootItems(source).map(\.pixelSize)

            // Then
            #expect(before == [PixelSize(width: 12, height: 9), nil])
            #expect(after == [PixelSize(width: 12, height: 9), PixelSize(width: 5, height: 4)])
            #expect(server.hits.filter { $0.path == "/a.jpg" }.count == 1)
            #expect(server.hits.filter { $0.path == "/later.jpg" }.count == 2)
        }
    }

    @Test("an entry whose first bytes are not a JPEG or PNG is listed in its place, reported as not a photo with the reason")
    func notAPhotoIsReported() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let jpeg = try ImageFixtures.jpeg(width: 10, height: 10)
        try folder.write(Data("shopping list: milk, eggs\n".utf8), to: "notes.txt")
        try folder.write(jpeg, to: "good.jpg")
        try await PhotoServer.run(["/page.jpg": .init(data: Data("<!DOCTYPE html><html>login</html>".utf8))]) { server in
            let source = try PreselectedSource(
                entries: ["notes.txt", server.url("/page.jpg").absoluteString, "good.jpg"], fileRoot: folder.url,
                allowedOrigins: [server.origin])

            // When
            let items = try await PreselectedFixtures.rootItems(source)

            // Then
            #expect(items.map(\.title) == ["notes.txt (not a photo)", "page.jpg (not a photo)", "good.jpg"])
            #expect(items[0].userInfo["problem"]?.contains("not a supported image format") == true)
            #expect(items[1].userInfo["problem"]?.contains("an HTML page") == true)
            #expect(items[2].userInfo["problem"] == nil)
            #expect(items[2].pixelSize == PixelSize(width: 10, height: 10))
            let again = try await PreselectedFixtures.rootItems(source)  // remembered, not probed again
            #expect(again.map(\.title) == items.map(\.title))
            #expect(server.hits.filter { $0.path == "/page.jpg" }.count == 1)
            let refusal = await #expect(throws: PhotoSourceError.self) { _ = try await source.item(id: "notes.txt") }
            #expect(refusal?.code == .unsupportedFormat, "used as a photo (an order), it is refused with the reason")
            #expect(refusal?.message == "\"notes.txt\" is not a photo: " + (items[0].problem ?? ""))
            #expect(try await source.item(id: "good.jpg").problem == nil)
        }
    }
}
