import PhotoSourceKit
import Testing
@testable import photosource

/// `order`, `orders` and `order-status` refusing what they cannot do, before any service starts.
@Suite("REPL orders: refusals and parsing")
struct ReplOrderTests {
    let harness = ReplHarness()

    @Test("order with nothing selected says how to select; orders and order-status say there are none")
    func emptySelection() async {
        // When
        await harness.run(["order", "orders", "order-status 1"])
        // Then
        #expect(harness.output.errors == [
            "Nothing is selected to order; `select N` adds photos of the listed page, then type `order`.",
            "There are no orders yet; `select N` some photos, then type `order`.",
        ])
        #expect(harness.output.lines == ["No orders yet; `select N` some photos, then type `order`."])
        #expect(await harness.repl.orders.running == nil, "nothing was started")
    }

    @Test("an unknown --to or --product is refused with the ids there are, and nothing is ordered")
    func unknownDestinationAndProduct() async {
        // When
        await harness.run(["select 3", "order --to nowhere", "order --to folder,elsewhere", "order --product 9x9"])
        // Then
        #expect(harness.output.errors == [
            "There is no destination \"nowhere\"; the destinations are folder, lab (`--to folder,lab`).",
            "There is no destination \"elsewhere\"; the destinations are folder, lab (`--to folder,lab`).",
            "There is no product \"9x9\"; the products are 4x6, 5x7, 8x10, 16x20, a4, a3.",
        ])
        #expect(await harness.repl.orders.placed.isEmpty)
        #expect(await harness.repl.orders.running == nil)
    }

    @Test("order options parse in any order; --to takes lists and repeats; mistakes say what to type")
    func parsing() throws {
        #expect(try ReplCommand.parse("order") == .order(OrderOptions()))
        #expect(try ReplCommand.parse("order --to lab --product 8x10 --to folder,lab") == .order(OrderOptions(product: "8x10", destinations: ["lab", "folder"])))
        #expect(try ReplCommand.parse("order-status 2") == .orderStatus(2))
        #expect(try ReplCommand.parse("orders") == .orders)
        #expect(throws: ReplInputError("`order` knows --product and --to, not \"--colour\"; as in `order --product 8x10 --to folder`.")) {
            try ReplCommand.parse("order --colour red")
        }
        #expect(throws: ReplInputError("--to needs a value, as in `order --product 8x10 --to folder`.")) { try ReplCommand.parse("order --to") }
        #expect(throws: ReplInputError("Orders are numbered from 1.")) { try ReplCommand.parse("order-status 0") }
        #expect(throws: ReplInputError("`order-status` needs an order number, as in `order-status 1`.")) { try ReplCommand.parse("order-status") }
    }

    @Test("help lists the order commands under 80 columns, and Tab completes them")
    func helpAndCompletion() {
        let help = ReplCommandSpec.helpLines()
        #expect(help.contains { $0.hasPrefix("  order [--product P] [--to D]") })
        #expect(help.contains { $0.hasPrefix("  orders ") })
        #expect(help.contains { $0.hasPrefix("  order-status N ") })
        #expect(help.allSatisfy { $0.count < 80 })
        #expect(ReplCompletion.complete("ord") == .insert("er"))
        #expect(ReplCompletion.complete("order") == .candidates(["order", "order-status", "orders"]))
        #expect(ReplCompletion.complete("order-") == .insert("status "))
    }
}
