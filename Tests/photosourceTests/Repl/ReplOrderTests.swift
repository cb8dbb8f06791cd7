import PhotoSourceKit
import Synchronization
import PhotoSourceService
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

    /// Travel's three photos as a 16×20 poster: beach-1 acceptable, beach-2 of unknown size, beach-3 low.
    static let posterTable = [
        "Print fitness as 16x20 (16×20 in poster, low below 100 dpi):",
        "  1  beach-1.jpg     4000×3000  187 dpi  acceptable",
        "  2  beach-2.jpg  size unknown           cannot be judged",
        "  3  beach-3.png       640×480   30 dpi  low",
    ]

    @Test("a piped order with a photo that would print low shows the fitness table and is refused without --yes; nothing starts")
    func lowFitnessRefusedWhenPiped() async {
        // When
        await harness.run(["open 1", "select 2-4", "order --product 16x20"])
        // Then
        #expect(Array(harness.output.lines.suffix(4)) == Self.posterTable)
        #expect(harness.output.errors == [
            "1 of 3 photo(s) would print at low resolution as 16x20; nothing was ordered. Add --yes to order them anyway, or `unselect` them."
        ])
        #expect(await harness.repl.orders.running == nil, "nothing was started")
        #expect(await harness.browser.selection.count == 3)
    }

    @Test("on a terminal the person is asked first; no keeps the selection and orders nothing")
    func lowFitnessAsked() async {
        let answers = RecordedAnswers(answer: false)
        let asked = ReplHarness(confirmer: answers)
        // When
        await asked.run(["open 1", "select 2-4", "order --product 16x20 --to folder"])
        // Then
        #expect(answers.questions == ["Order anyway? [y/N] "])
        #expect(Array(asked.output.lines.suffix(6)) == Self.posterTable + [
            "1 of 3 photo(s) would print at low resolution as 16x20 (`order -y` would not ask).", "Not ordered; the selection is kept.",
        ])
        #expect(asked.output.errors.isEmpty)
        #expect(await asked.repl.orders.running == nil)
        #expect(await asked.browser.selection.count == 3)
    }

    @Test("order takes --copies, --crop (fractions or pixels), --fit and --ship-to; wrong values say what to type")
    func printOptions() throws {
        let parsed = try ReplCommand.parse("order --copies 3 --crop 0.1,0.2,0.5,0.5 --fit fit --ship-to ~/ada.json -y")
        #expect(parsed == .order(OrderOptions(
            yes: true, copies: 3, crop: .init(x: 0.1, y: 0.2, width: 0.5, height: 0.5, units: .normalised), sizing: .fit, shipTo: "~/ada.json")))
        #expect(try ReplCommand.parse("order --crop 100,50,1200,800") == .order(OrderOptions(crop: .init(x: 100, y: 50, width: 1200, height: 800))))
        #expect(throws: ReplInputError("--copies takes a whole number from 1 to 1000, as in `order --copies 2`.")) { try ReplCommand.parse("order --copies 0") }
        #expect(throws: ReplInputError("--fit takes fill (crop to the print's shape), fit (letterbox) or stretch, not \"squash\".")) {
            try ReplCommand.parse("order --fit squash")
        }
        #expect(throws: ReplInputError("--crop in pixels takes whole numbers; fractions are all at most 1 (0.1,0.1,0.8,0.8).")) {
            try ReplCommand.parse("order --crop 10.5,0,100,100")
        }
        #expect(throws: (any Error).self) { try ReplCommand.parse("order --crop 1,2,3") }
    }

    @Test("order options parse in any order; --to takes lists and repeats; mistakes say what to type")
    func parsing() throws {
        #expect(try ReplCommand.parse("order") == .order(OrderOptions()))
        #expect(try ReplCommand.parse("order --to lab --product 8x10 --to folder,lab") == .order(OrderOptions(product: "8x10", destinations: ["lab", "folder"])))
        #expect(try ReplCommand.parse("order -y --product 16x20") == .order(OrderOptions(product: "16x20", yes: true)))
        #expect(try ReplCommand.parse("order --yes") == .order(OrderOptions(yes: true)))
        #expect(try ReplCommand.parse("order-status 2") == .orderStatus(.number(2)))
        #expect(try ReplCommand.parse("order-status ord_TE_KReBgAZMCUml6") == .orderStatus(.id("ord_TE_KReBgAZMCUml6")))
        #expect(try ReplCommand.parse("orders") == .orders)
        #expect(throws: ReplInputError(
            "`order` knows --product, --to, --copies, --crop, --fit, --ship-to and --yes, not \"--colour\"; as in `order --product 8x10 --copies 2 --crop 0.1,0.1,0.8,0.8 --fit fill --ship-to ada.json`.")) {
            try ReplCommand.parse("order --colour red")
        }
        #expect(throws: ReplInputError("--to needs a value, as in `order --product 8x10 --copies 2 --crop 0.1,0.1,0.8,0.8 --fit fill --ship-to ada.json`.")) {
            try ReplCommand.parse("order --to")
        }
        #expect(throws: ReplInputError("Orders are numbered from 1.")) { try ReplCommand.parse("order-status 0") }
        #expect(throws: ReplInputError("`order-status` needs an order number or id, as in `order-status 1`.")) { try ReplCommand.parse("order-status") }
    }

    @Test("help lists the order commands under 80 columns, and Tab completes them")
    func helpAndCompletion() {
        let help = ReplCommandSpec.helpLines()
        #expect(help.contains { $0.hasPrefix("  order [--product P] [--to D] [-y]") })
        #expect(help.contains { $0.hasPrefix("  orders ") })
        #expect(help.contains { $0.hasPrefix("  order-status N|ID ") })
        #expect(help.allSatisfy { $0.count < 80 })
        #expect(ReplCompletion.complete("ord") == .insert("er"))
        #expect(ReplCompletion.complete("order") == .candidates(["order", "order-status", "orders"]))
        #expect(ReplCompletion.complete("order-") == .insert("status "))
    }
}

/// A ``Confirming`` that gives one answer and keeps the questions; the `Mutex` guards them.
final class RecordedAnswers: Confirming {
    let answer: Bool
    private let asked = Mutex<[String]>([])

    init(answer: Bool) { self.answer = answer }

    func confirm(_ question: String) async -> Bool {
        asked.withLock { $0.append(question) }
        return answer
    }

    /// The questions asked so far.
    var questions: [String] { asked.withLock { $0 } }
}
