import Foundation
import PhotoImaging
import PhotoSourceKit
import SampleSources
import Testing
@testable import photosource

/// `handlers` and `send` against the REPL's in-process service, whose catalog offers Photopea and
/// the demo editor (running on loopback beside it).
@Suite("REPL handlers and send")
struct ReplHandoffTests {
    /// A 64×32 photo whose red rises left to right, so a mirrored copy is told apart at once.
    static func gradient(x: Int, y: Int) -> [UInt8] { [UInt8(x * 4), 90, UInt8(y * 4)] }

    /// A REPL over one folder holding `wide.png` (the gradient) and an album; orders go to a
    /// folder of the test's own (`XDG_DATA_HOME`).
    struct Fixture {
        let folder: PhotoFolder
        let data: URL
        let harness: ReplHarness

        init() throws {
            folder = try PhotoFolder()
            try folder.write("wide.png", ImageBytes.png(width: 64, height: 32, color: ReplHandoffTests.gradient))
            try folder.write("Album/inside.png", ImageBytes.png(width: 8, height: 8))
            data = folder.root.deletingLastPathComponent().appendingPathComponent("data", isDirectory: true)
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = data.path
            harness = ReplHarness(
                sources: [try LocalFolderSource(root: folder.root, id: "library", title: "Library")], orders: OrderDesk(environment: environment))
        }

        func finish() async {
            await harness.repl.orders.stop()
            folder.remove()
        }
    }

    @Test("handlers lists the catalog: number, name, id and actions")
    func handlersListed() async throws {
        let fixture = try Fixture()
        // When
        await fixture.harness.run(["handlers", "handlers --action edit", "handlers --action fly"])
        await fixture.finish()
        // Then
        let rows = ["  1  Photopea     photopea     edit", "  2  Demo editor  demo.editor  edit"]
        #expect(fixture.harness.output.lines == rows + rows)
        #expect(fixture.harness.output.errors.count == 1)
        #expect(fixture.harness.output.errors.first?.contains("action") == true, "\(fixture.harness.output.errors)")
    }

    @Test("send N without --to lists the handlers for the photo and sends nothing; an album, an unknown handler or an action no one takes is refused")
    func sendWithoutHandlerLists() async throws {
        let fixture = try Fixture()
        // When: item 1 is Album/, item 2 wide.png
        await fixture.harness.run(["ls", "send 2", "send 1", "send 2 --to nobody", "send 2 --to photopea --action share"])
        let received = try await #require(await fixture.harness.repl.orders.running).client.received()
        await fixture.finish()
        // Then
        #expect(Array(fixture.harness.output.lines.suffix(4)) == [
            "Send wide.png to which handler (edit)?",
            "  1  Photopea     photopea     edit",
            "  2  Demo editor  demo.editor  edit",
            "`send 2 --to ID` sends it and remembers the choice for edit.",
        ])
        #expect(fixture.harness.output.errors == [
            "Album is an album; only photos can be sent (`open 1` lists its photos).",
            "There is no handler \"nobody\" for edit; the handlers are photopea, demo.editor (`handlers --action edit`).",
            "No handler is offered for share on the web; `handlers` lists every handler and its actions.",
        ])
        #expect(received.isEmpty)
    }

    @Test("send N --to prints a one-time launch URL, remembers the choice, and the next send N uses it")
    func sendRemembersTheDefault() async throws {
        let fixture = try Fixture()
        // When
        await fixture.harness.run(["ls", "send 2 --to photopea"])
        let first = fixture.harness.output.lines.suffix(2)
        let handlers = await fixture.harness.linesOf("handlers --action edit")
        let second = await fixture.harness.linesOf("send 2")
        await fixture.finish()
        // Then
        #expect(fixture.harness.output.errors.isEmpty, "\(fixture.harness.output.errors)")
        #expect(first.first?.hasPrefix("Sent wide.png to Photopea (photopea, remembered for edit); the link works once, until ") == true, "\(first)")
        #expect(first.last?.hasPrefix("https://www.photopea.com#") == true, "\(first)")
        #expect(first.last?.contains("/v1/handoffs/") == true, "the launch URL carries the one-time image URL: \(first)")
        #expect(handlers == ["* 1  Photopea     photopea     edit  (default)", "  2  Demo editor  demo.editor  edit"])
        #expect(second.first?.hasPrefix("Sent wide.png to Photopea (photopea, your default for edit)") == true, "\(second)")
        #expect(second.count == 2 && second.last != first.last, "a new one-time link each time: \(second)")
    }

    @Test("send N --to demo.editor --open: the editor flips the photo into Received, and it orders to the folder mirrored")
    func sendAndOpenRoundTrip() async throws {
        let fixture = try Fixture()
        // When
        await fixture.harness.run(["ls", "send 2 --to demo.editor --open"])
        let service = try #require(await fixture.harness.repl.orders.running)
        let lines = fixture.harness.output.lines
        let received = try await service.client.received()
        // Then
        #expect(fixture.harness.output.errors.isEmpty, "\(fixture.harness.output.errors)")
        let item = try #require(received.first, "\(lines)")
        #expect(received.count == 1)
        #expect(item.title == "wide.png (from Demo editor)")
        #expect(lines.contains { $0.hasPrefix("Demo editor answered 200: Flipped the 64×32 JPEG photo left to right and sent it back to 127.0.0.1:") }, "\(lines)")
        #expect(lines.last == "“Received” now holds 1 photo(s); the one back is wide.png (from Demo editor), item \(item.id) (orderable as source \"received\").")
        // The received photo orders like any other, and what is delivered is the mirror image.
        let id = try await service.client.place(
            .init(reference: "received-1", product: "4x6", items: [.init(source: "received", itemId: item.id, copies: 1)], destinations: ["folder"]),
            idempotencyKey: UUID().uuidString)
        var order = try await service.client.order(id)
        for _ in 0..<240 where order.status != "delivered" && !order.isFinal {
            try await Task.sleep(for: .milliseconds(250))
            order = try await service.client.order(id)
        }
        #expect(order.status == "delivered")
        let delivered = URL(fileURLWithPath: try #require(service.folder(of: id, destination: "folder")))
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: delivered.path).first { $0.hasPrefix("001-") })
        let image = try ImageDecoder.decodeFull(try Data(contentsOf: delivered.appendingPathComponent(file)))
        // A second round trip (the remembered default) names the photo that came back this time.
        let again = await fixture.harness.linesOf("send 2 --open")
        let both = try await service.client.received()
        await fixture.finish()
        let second = try #require(both.first { $0.id != item.id })
        #expect(again.last == "“Received” now holds 2 photo(s); the one back is wide.png (from Demo editor), item \(second.id) (orderable as source \"received\").")
        #expect(image.width == 64 && image.height == 32)
        var worst = 0
        for y in stride(from: 2, to: 30, by: 4) {
            for x in stride(from: 2, to: 62, by: 4) {
                let red = Int(image.pixels[(y * image.width + x) * image.channels])
                worst = max(worst, abs(red - Int(Self.gradient(x: 63 - x, y: y)[0])))
            }
        }
        #expect(worst <= 24, "each pixel's red is its mirror's (JPEG twice: within 24), worst \(worst)")
    }

    @Test("send and handlers parse their options; mistakes say what to type; help lists both")
    func parsing() throws {
        #expect(try ReplCommand.parse("send 3") == .send(3, SendOptions()))
        #expect(try ReplCommand.parse("send 3 --open --to demo.editor --action edit") == .send(3, SendOptions(handler: "demo.editor", action: "edit", opens: true)))
        #expect(try ReplCommand.parse("handlers") == .handlers(action: nil))
        #expect(try ReplCommand.parse("handlers --action edit") == .handlers(action: "edit"))
        #expect(throws: ReplInputError("`send` needs an item number, as in `send 1 --to demo.editor`.")) { try ReplCommand.parse("send") }
        #expect(throws: ReplInputError("--to needs a value, as in `send 1 --to demo.editor --action edit --open`.")) { try ReplCommand.parse("send 1 --to") }
        #expect(throws: ReplInputError("`send` knows --to, --action and --open, not \"--via\"; as in `send 1 --to demo.editor --action edit --open`.")) {
            try ReplCommand.parse("send 1 --via x")
        }
        #expect(throws: ReplInputError("`handlers` takes nothing or --action A, as in `handlers --action edit`.")) { try ReplCommand.parse("handlers edit") }
        let help = ReplCommandSpec.helpLines()
        #expect(help.contains { $0.hasPrefix("  send N [--to ID] [--open] ") })
        #expect(help.contains { $0.hasPrefix("  handlers [--action A] ") })
        #expect(help.allSatisfy { $0.count < 80 })
    }

    @Test("--open fetches loopback launch URLs only, and reads the editor's result sentence")
    func launchPage() throws {
        #expect(try LaunchPage.checkLoopback("http://127.0.0.1:8080/edit?image=x").port == 8080)
        for refused in ["https://www.photopea.com/#{}", "http://10.0.0.1/edit", "file:///etc/passwd", "http://127.0.0.1.example.com/"] {
            #expect(throws: PhotoSourceError.self) { try LaunchPage.checkLoopback(refused) }
        }
        let page = LaunchPage(status: 200, html: Data("<h1>Done</h1><p id=\"result\">Flipped &amp;lt; it &quot;once&quot;\n (item a.jpg in “Received”).</p><p>Close.</p>".utf8))
        #expect(page.sentence == "Flipped &lt; it \"once\" (item a.jpg in “Received”).")
    }

    @Test("photos of a source the service cannot look up are refused, naming the source")
    func unsendableSource() async {
        let harness = ReplHarness()
        await harness.run(["send 3 --to demo.editor"])
        await harness.repl.orders.stop()
        #expect(harness.output.errors == ["Photos of Sample Library cannot be sent: the service cannot look them up."])
    }
}
