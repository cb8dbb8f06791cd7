import Foundation
import Testing

/// `order` in `photosource browse` on the demo library, as `make demo` runs it: the in-process
/// service and demo lab start on first use, the order reaches the folder and the lab, and
/// `orders` / `order-status` follow it (with the lab's tracking once it has shipped).
@Suite("photosource browse: order, orders, order-status on the demo library")
struct ReplOrderCommandTests {
    /// Cache (the demo library) and data (the orders folder) of one test, removed by `remove()`.
    struct Homes {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-order-\(UUID().uuidString)")
        var cache: URL { root.appendingPathComponent("cache") }
        var data: URL { root.appendingPathComponent("data") }
        var environment: [String: String] { ["XDG_CACHE_HOME": cache.path, "XDG_DATA_HOME": data.path, "HOME": root.path] }

        /// The demo library's file whose path ends with `name`.
        func libraryFile(_ name: String) throws -> URL {
            let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            return try #require(files.first { $0.path.hasSuffix("/" + name) }, "no \(name) under \(cache.path)")
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test("a piped script orders two photos: delivered to the folder byte for byte and shipped by the lab; orders and order-status report it")
    func pipedOrder() async throws {
        let homes = Homes()
        defer { homes.remove() }
        let script = [
            "select 8",  // Welcome.jpg, 1600×1067: 133 dpi at 8×10, low
            "open 7", "open 2", "open 1", "select 1",  // Travel/Italy/Amalfi/Amalfi 1.jpg, 1600×1200: 150 dpi
            "order --product 8x10",  // refused: a script must say --yes to order a low photo
            "order --product 8x10 --yes",
            "order --product 8x10 --yes",  // the selection was emptied: not a second order
            "orders",
            "order-status 1",
            "select 1",
            "order --to nowhere",
        ]
        // When
        let result = try await PhotosourceBinary.run(["browse", "demo"], input: script.joined(separator: "\n") + "\n", environment: homes.environment)
        // Then
        #expect(result.status == 1, "three lines failed: \(result.errors)")
        #expect(result.errorLines == [
            "1 of 2 photo(s) would print at low resolution as 8x10; nothing was ordered. Add --yes to order them anyway, or `unselect` them.",
            "Nothing is selected to order; `select N` adds photos of the listed page, then type `order`.",
            "There is no destination \"nowhere\"; the destinations are folder, lab (`--to folder,lab`).",
            "photosource: 3 command(s) failed.",
        ])
        let lines = result.lines
        #expect(lines.contains("Print fitness as 8x10 (8×10 in print, low below 150 dpi):"), "\(lines)")
        #expect(lines.contains("  1  Welcome.jpg   1600×1067  133 dpi  low"), "\(lines)")
        let placed = try #require(lines.first { $0.hasPrefix("Order 1 (ord_") && $0.hasSuffix("): 2 photo(s) as 8x10 to folder, lab. Ctrl-C stops following it; the order goes on.") }, "\(lines)")
        #expect(lines.filter { $0.hasPrefix("Order 2 (") }.isEmpty, "one order only: \(lines)")
        let placedIndex = try #require(lines.firstIndex(of: placed))
        #expect(lines[placedIndex + 1] == "The selection is empty again; `select N` starts the next order.")
        let orderID = String(placed.dropFirst("Order 1 (".count).prefix { $0 != ")" })
        let folder = homes.data.appendingPathComponent("photosource/orders/\(orderID)")
        var report = [
            "Order 1 (\(orderID), reference repl-1): delivered",
            "  1  Welcome.jpg  8x10  1600×1067  133 dpi low  warning: lowResolution",
            "  2  Amalfi 1.jpg  8x10  1600×1200  150 dpi acceptable",
            "  folder  delivered to \(folder.path)",
            "  lab     delivered, lab stage shipped (lab order ord_1)",
        ]
        // The lab shipped with the demo carrier; its tracking page is on the lab's ephemeral port.
        let tracking = try #require(
            lines.first { $0.hasPrefix("          tracking: DemoPost DP000000001 http://127.0.0.1:") && $0.hasSuffix("/tracking/DP000000001") }, "\(lines)")
        report.append(tracking)
        // The report after the order, then `orders`, then `order-status 1` (the same report).
        let start = try #require(lines.firstIndex(of: report[0]), "\(lines)")
        #expect(Array(lines[start...]) == report + ["  1  \(orderID)  repl-1  delivered  2 photo(s)  lab shipped"] + report
            + ["Selected 1 new photo(s); 1 in the selection."])
        // The folder holds the originals byte for byte, and the manifest.
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["001-Welcome.jpg", "002-Amalfi_1.jpg", "manifest.json"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("001-Welcome.jpg")) == Data(contentsOf: homes.libraryFile("Welcome.jpg")))
        #expect(try Data(contentsOf: folder.appendingPathComponent("002-Amalfi_1.jpg")) == Data(contentsOf: homes.libraryFile("Amalfi/Amalfi 1.jpg")))
    }

    @Test("photos of a cloud source are ordered with the REPL's own sign-in: refused after logout, delivered after login")
    func cloudSignIn() async throws {
        let cloud = try DemoCloudProcess()
        let homes = Homes()
        defer { homes.remove() }
        let script = ["login", "open 1", "select 2", "logout", "order --to folder", "login", "order --to folder", "orders"]
        // When
        let result = try await PhotosourceBinary.run(
            ["browse", cloud.sourceArgument], input: script.joined(separator: "\n") + "\n",
            environment: homes.environment.merging(["XDG_CONFIG_HOME": homes.root.appendingPathComponent("config").path]) { $1 })
        await cloud.stop()
        // Then: the first order is refused before anything is placed; the second is order 1
        #expect(result.errorLines.first == "Photos in the selection come from Demo Cloud, which needs you to sign in; `use 1`, `login`, then `order` again.")
        let placed = try #require(result.lines.first { $0.hasPrefix("Order 1 (ord_") && $0.contains("1 photo(s) as 4x6 to folder.") }, "\(result.lines)")
        let orderID = String(placed.dropFirst("Order 1 (".count).prefix { $0 != ")" })
        #expect(result.lines.contains("Order 1 (\(orderID), reference repl-1): delivered"), "\(result.lines)")
        #expect(result.lines.last == "  1  \(orderID)  repl-1  delivered  1 photo(s)")
        let folder = homes.data.appendingPathComponent("photosource/orders/\(orderID)")
        let photo = try Data(contentsOf: folder.appendingPathComponent("001-Camera_Roll_0002.jpg"))
        #expect(photo.starts(with: [0xFF, 0xD8, 0xFF]), "the cloud's JPEG original")
    }

    @Test("on a terminal, a low photo brings the fitness table and a question: n keeps the selection, y orders it and empties the selection")
    func confirmationOnATerminal() async throws {
        let homes = Homes()
        defer { homes.remove() }
        let session = try PtySession(["browse", "demo"], environment: homes.environment)
        #expect(await session.waitFor("Sample Library:/ [page 1/1]>", seconds: 120))
        #expect(await session.enter("select 8"))  // Welcome.jpg: 66 dpi as a 16×20 poster
        // When: no
        session.send("order --product 16x20 --to folder\r")
        #expect(await session.waitFor("Order anyway?", seconds: 60), "\(session.text)")
        #expect(await session.type("n\r"))
        // Then
        #expect(session.text.contains("  1  Welcome.jpg  1600×1067  66 dpi  "), "\(session.text)")
        #expect(session.text.contains("1 of 1 photo(s) would print at low resolution as 16x20 (`order -y` would not ask)."))
        #expect(session.text.contains("Order anyway? [y/N] n"))
        #expect(session.text.contains("Not ordered; the selection is kept."), "\(session.text)")
        #expect(!session.text.contains("Order 1 ("))
        // When: yes
        session.send("order --product 16x20 --to folder\r")
        #expect(await session.waitFor("Order anyway?", count: 2, seconds: 60), "\(session.text)")
        #expect(await session.type("y\r"))
        #expect(await session.enter("selection"))
        // Then
        #expect(session.text.contains("Order 1 (ord_"), "\(session.text)")
        #expect(session.text.contains("The selection is empty again; `select N` starts the next order."))
        #expect(session.text.contains("Nothing is selected; `select N` adds photos of the listed page."))
        session.send("quit\r")
        #expect(await session.exitStatus(within: 60) == 0, "\(session.text)")
    }

    @Test("Ctrl-C while an order is followed returns to the prompt; the order goes on until the lab has shipped it")
    func ctrlCStopsFollowingOnly() async throws {
        let homes = Homes()
        defer { homes.remove() }
        // Three seconds between the lab's stages: time to press Ctrl-C half way.
        let session = try PtySession(["browse", "demo"], environment: homes.environment.merging(["PHOTOSOURCE_DEMO_LAB_STAGE_SECONDS": "3"]) { $1 })
        #expect(await session.waitFor("Sample Library:/ [page 1/1]>", seconds: 120))
        #expect(await session.enter("select 8"))
        session.send("order --to lab\r")
        #expect(await session.waitFor("Order 1 [", seconds: 120))
        // When
        #expect(await session.type("\u{3}"))
        // Then: the REPL says so at once, and the order still reaches the lab's last stage
        #expect(session.text.contains("Interrupted."), "\(session.text)")
        #expect(!session.text.contains("Order 1 (ord_") || !session.text.contains("reference repl-1"), "no summary: it stopped following")
        var shipped = false
        for _ in 0..<60 where !shipped {
            #expect(await session.enter("order-status 1"))
            shipped = session.text.contains("  lab  delivered, lab stage shipped (lab order ord_1)")
            if !shipped { try await Task.sleep(for: .seconds(1)) }
        }
        #expect(shipped, "\(session.text)")
        session.send("quit\r")
        #expect(await session.exitStatus(within: 60) == 0, "\(session.text)")
    }

    @Test("on a terminal, order draws a progress bar that ends at 100% with the lab's shipped stage")
    func progressBarOnATerminal() async throws {
        let homes = Homes()
        defer { homes.remove() }
        let session = try PtySession(["browse", "demo"], environment: homes.environment)
        #expect(await session.waitFor("Sample Library:/ [page 1/1]>", seconds: 120))
        #expect(await session.enter("select 8"))
        // When: the order starts the service and the lab, and follows the lab's four stages
        let prompts = session.text.components(separatedBy: "]>").count - 1
        session.send("order --to lab\r")
        #expect(await session.waitFor("]>", count: prompts + 1, seconds: 180))
        // Then
        let text = session.text
        #expect(text.contains("Order 1 [#"), "\(text)")
        #expect(text.contains("Order 1 [####################] 100%  delivered · photos 1/1 · lab shipped"), "\(text)")
        #expect(text.contains("  lab  delivered, lab stage shipped (lab order ord_1)"), "\(text)")
        #expect(!text.contains("  folder"), "--to lab sends it to the lab only")
        session.send("quit\r")
        #expect(await session.exitStatus(within: 60) == 0, "\(session.text)")
    }
}
