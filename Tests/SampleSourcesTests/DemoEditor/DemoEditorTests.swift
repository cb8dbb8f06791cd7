import Foundation
import HTTPTypes
import PhotoImaging
import PhotoSourceKit
import Testing
@testable import SampleSources

@Suite("Demo editor: flip and send back")
struct DemoEditorTests {
    /// 4×2 RGBA: red on the left column, blue on the right, half-transparent green between.
    static func picture() -> PixelBuffer {
        var pixels: [UInt8] = []
        for _ in 0..<2 {
            pixels += [255, 0, 0, 255] + [0, 255, 0, 128] + [0, 255, 0, 128] + [0, 0, 255, 255]
        }
        return PixelBuffer(width: 4, height: 2, channels: 4, pixels: pixels)
    }

    /// Starts `standIn` and an editor, opens the edit link `times` times (the last page is
    /// returned) for the stand-in's `/image` and `returnTo` path, and stops both.
    static func edit(on standIn: HandoffStandIn, returnTo: String? = "return", times: Int = 1) async throws
        -> (page: (status: Int, body: Data, contentType: String?), editor: DemoEditor, base: URL)
    {
        let base = try await standIn.start()
        let editor = DemoEditor()
        let url = try await editor.start()
        var page: (status: Int, body: Data, contentType: String?)?
        for _ in 0..<times {
            page = try await EditorClient.get(EditorClient.editURL(url, image: "\(base)/image", returnTo: returnTo.map { "\(base)/\($0)" }))
        }
        await editor.stop()
        await standIn.stop()
        return (try #require(page), editor, base)
    }

    @Test("a PNG is fetched once, mirrored left–right and POSTed back as PNG; the page says so")
    func pngRoundTrip() async throws {
        let standIn = HandoffStandIn(photo: try ImageEncoder.png(Self.picture()), photoType: "image/png")
        // When
        let (page, editor, base) = try await Self.edit(on: standIn)
        // Then
        #expect(page.status == 200)
        #expect(page.contentType?.hasPrefix("text/html") == true)
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(text.contains("Flipped the 4×2 PNG photo left to right and sent it back to 127.0.0.1:\(base.port!) (item rcv_1 in “Received”)."))
        let returned = try #require(standIn.returned)
        #expect(returned.contentType == "image/png")
        let flipped = try ImageDecoder.decodeFull(returned.body)
        #expect(flipped.width == 4 && flipped.height == 2 && flipped.channels == 4)
        #expect(flipped[0, 0] == [0, 0, 255, 255])
        #expect(flipped[3, 1] == [255, 0, 0, 255])
        #expect(flipped[1, 0] == [0, 255, 0, 128])
        #expect(editor.statistics.fetches == 1 && editor.statistics.returns == 1)
    }

    @Test("a JPEG goes back as a JPEG of the same size")
    func jpegRoundTrip() async throws {
        let wide = PixelBuffer(
            width: 64, height: 16, channels: 3,
            pixels: (0..<16).flatMap { _ in (0..<64).flatMap { x in x < 32 ? [250, 250, 250] : [5, 5, 5] } })
        let standIn = HandoffStandIn(photo: try ImageEncoder.jpeg(wide, quality: 95), photoType: "image/jpeg")
        let (page, editor, _) = try await Self.edit(on: standIn)
        #expect(page.status == 200)
        let returned = try #require(standIn.returned)
        #expect(returned.contentType == "image/jpeg")
        let flipped = try ImageDecoder.decodeFull(returned.body)
        #expect(flipped.width == 64 && flipped.height == 16)
        #expect(flipped[2, 8][0] < 40)  // the dark half is on the left now
        #expect(flipped[61, 8][0] > 210)
    }

    @Test("a second launch finds the photo gone: 410 and a page that says so; nothing is sent back")
    func gone() async throws {
        let standIn = HandoffStandIn(photo: try ImageEncoder.png(Self.picture()), photoType: "image/png")
        // When
        let (again, editor, _) = try await Self.edit(on: standIn, times: 2)
        // Then
        #expect(again.status == 410)
        let text = String(decoding: again.body, as: UTF8.self)
        #expect(text.contains("The photo is gone"))
        #expect(text.contains("already used or has expired"))
        #expect(standIn.imageRequests == 2)
        let seen = editor.statistics
        #expect(seen.editRequests == 2 && seen.fetches == 1 && seen.failedFetches == 1 && seen.returns == 1 && seen.failedReturns == 0)
    }

    @Test("a return that is refused gives 502 and a page naming the failure", arguments: [500, 410])
    func returnFails(_ status: Int) async throws {
        let standIn = HandoffStandIn(photo: try ImageEncoder.png(Self.picture()), photoType: "image/png", returnStatus: .init(code: status))
        let (page, editor, _) = try await Self.edit(on: standIn)
        #expect(page.status == 502)
        #expect(String(decoding: page.body, as: UTF8.self).contains("The flipped photo could not be sent back"))
        #expect(editor.statistics.failedReturns == 1 && editor.statistics.returns == 0)
    }

    @Test("without a return URL the photo is flipped and the page says it was not sent back")
    func noReturn() async throws {
        let standIn = HandoffStandIn(photo: try ImageEncoder.png(Self.picture()), photoType: "image/png")
        let (page, _, _) = try await Self.edit(on: standIn, returnTo: nil)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("it was not sent back"))
        #expect(standIn.returned == nil)
    }

    @Test("a link without an image, or with a scheme the editor does not follow, is 400 and fetches nothing")
    func badLinks() async throws {
        let editor = DemoEditor()
        let url = try await editor.start()
        let missing = try await EditorClient.get(EditorClient.editURL(url, image: nil, returnTo: nil))
        let ftp = try await EditorClient.get(EditorClient.editURL(url, image: "ftp://127.0.0.1/x", returnTo: nil))
        await editor.stop()
        #expect(missing.status == 400 && ftp.status == 400)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("The link has no image parameter."))
        let seen = editor.statistics
        #expect(seen.editRequests == 2 && seen.refusedLinks == 2 && seen.fetches == 0 && seen.failedFetches == 0)
    }

    @Test("bytes that are not a photo give 422")
    func notAPhoto() async throws {
        let standIn = HandoffStandIn(photo: Data("<html>hello</html>".utf8), photoType: "image/png")
        let (page, editor, _) = try await Self.edit(on: standIn)
        #expect(page.status == 422)
        #expect(standIn.returned == nil)
        #expect(editor.statistics.undecodable == 1)
    }

    @Test("the icons are 32 and 64 pixel PNGs")
    func icons() async throws {
        let editor = DemoEditor()
        let url = try await editor.start()
        let small = try await EditorClient.get(url.appendingPathComponent("icon.png"))
        let large = try await EditorClient.get(url.appendingPathComponent("icon@2x.png"))
        await editor.stop()
        #expect(small.contentType == "image/png" && large.contentType == "image/png")
        #expect(try ImageHeader.read(small.body).encodedSize == PixelSize(width: 32, height: 32))
        #expect(try ImageHeader.read(large.body).encodedSize == PixelSize(width: 64, height: 64))
    }

    @Test("its catalog entry launches it with both URLs percent-encoded, and lints clean in development")
    func catalogEntry() throws {
        let handler = DemoEditor.catalogHandler(baseURL: URL(string: "http://127.0.0.1:4567")!)
        #expect(handler.id == "demo.editor" && handler.canReceive && handler.platforms == ["web"])
        #expect(handler.icons == .init(x1: "http://127.0.0.1:4567/icon.png", x2: "http://127.0.0.1:4567/icon@2x.png"))
        let launch = try #require(handler.actions["edit"]).launchURL([
            "imageURL": "http://127.0.0.1:8080/v1/handoffs/a b/image", "returnURL": "http://127.0.0.1:8080/v1/handoffs/c&d/return",
        ])
        #expect(launch == "http://127.0.0.1:4567/edit?image=http%3A%2F%2F127.0.0.1%3A8080%2Fv1%2Fhandoffs%2Fa%20b%2Fimage&return=http%3A%2F%2F127.0.0.1%3A8080%2Fv1%2Fhandoffs%2Fc%26d%2Freturn")
        let problems = CatalogLinter(development: true).problems(in: HandlerCatalog(handlers: [handler]))
        #expect(problems.filter { $0.severity == .error }.isEmpty)
    }
}
