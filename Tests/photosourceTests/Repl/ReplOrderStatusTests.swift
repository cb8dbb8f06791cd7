import Foundation
import SampleSources
import Testing
@testable import photosource

/// `order-status` on an order the REPL placed with the in-process service and the demo lab.
@Suite("REPL order-status: tracking, by number or id")
struct ReplOrderStatusTests {
    @Test("once the demo lab has shipped, order-status N and order-status ID show its carrier, tracking number and page")
    func trackingAfterShipping() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        try folder.write("wide.png", ImageBytes.png(width: 60, height: 40) { x, _ in [UInt8(x * 4), 120, 200] })
        let harness = ReplHarness(sources: [try LocalFolderSource(root: folder.root, id: "library", title: "Library")])
        // When: the order is followed until the lab has shipped it
        await harness.run(["ls", "select 1", "order --to lab --yes"])
        let placed = try #require(harness.output.lines.first { $0.hasPrefix("Order 1 (ord_") }, "\(harness.output.lines) \(harness.output.errors)")
        let id = String(placed.dropFirst("Order 1 (".count).prefix { $0 != ")" })
        let byNumber = await harness.linesOf("order-status 1")
        let byID = await harness.linesOf("order-status \(id)")
        _ = await harness.linesOf("order-status ord_unknown")
        await harness.repl.orders.stop()
        // Then
        #expect(byNumber.first == "Order 1 (\(id), reference repl-1): delivered", "\(byNumber)")
        #expect(byNumber.contains("  lab  delivered, lab stage shipped (lab order ord_1)"), "\(byNumber)")
        let tracking = try #require(byNumber.last, "\(byNumber)")
        #expect(tracking.hasPrefix("       tracking: DemoPost DP000000001 http://127.0.0.1:"), "\(tracking)")
        #expect(tracking.hasSuffix("/tracking/DP000000001"), "\(tracking)")
        #expect(byID == byNumber)
        #expect(harness.output.errors == ["There is no order ord_unknown; `orders` lists the 1 of this session."])
    }

    @Test("a report shows a destination's tracking under it, whatever is known of it, and nothing when there is none")
    func reportLines() {
        func destination(_ id: String, tracking: OrderSnapshot.Tracking?) -> OrderSnapshot.Destination {
            .init(id: id, kind: "printLab", state: "delivered", stage: "shipped", externalId: "ord_7", errorCode: nil, message: nil, tracking: tracking)
        }
        let order = OrderSnapshot(
            id: "ord_x", reference: "r", product: "4x6", status: "delivered", items: [],
            destinations: [
                destination("lab", tracking: .init(carrier: "DemoPost", number: "DP000000007", url: "http://127.0.0.1:1/tracking/DP000000007")),
                destination("gelato", tracking: .init(carrier: nil, number: "1Z999", url: nil)),
                destination("other", tracking: nil),
            ])
        // When
        let lines = OrderReport(number: 2, order: order, titles: [], folder: { _ in nil }).lines(style: .plain)
        // Then
        #expect(lines == [
            "Order 2 (ord_x, reference r): delivered",
            "  lab     delivered, lab stage shipped (lab order ord_7)",
            "          tracking: DemoPost DP000000007 http://127.0.0.1:1/tracking/DP000000007",
            "  gelato  delivered, lab stage shipped (lab order ord_7)",
            "          tracking: 1Z999",
            "  other   delivered, lab stage shipped (lab order ord_7)",
        ])
    }
}
