import Testing
@testable import photosource

@Suite("The handler listing of handlers and send")
struct HandlerListingTests {
    typealias Handler = OrderAPIClient.HandlerOffer.Handler

    static let photopea = Handler(id: "photopea", name: "Photopea", actions: ["edit"], canReceive: false, isDefault: false)
    static let editor = Handler(id: "demo.editor", name: "Demo editor", actions: ["edit"], canReceive: true, isDefault: true)

    @Test("the default comes first, marked *, and is the one send uses")
    func defaultFirst() {
        let offer = OrderAPIClient.HandlerOffer(action: "edit", askAgain: false, available: [Self.photopea, Self.editor])
        // When
        let lines = HandlerListing(offer: offer).lines(style: .plain)
        // Then
        #expect(lines == ["* 1  Demo editor  demo.editor  edit  (default)", "  2  Photopea     photopea     edit"])
        #expect(offer.applyingDefault == Self.editor)
    }

    @Test("when a new app appeared the listing says to ask again, the old default is unmarked, and send uses no default")
    func askAgain() {
        let offer = OrderAPIClient.HandlerOffer(action: "edit", askAgain: true, available: [Self.photopea, Self.editor])
        // When
        let lines = HandlerListing(offer: offer).lines(style: .plain)
        // Then
        #expect(lines == [
            "Ask again — new apps appeared since the default for edit was chosen.",
            "  1  Demo editor  demo.editor  edit  (was the default)",
            "  2  Photopea     photopea     edit",
        ])
        #expect(offer.applyingDefault == nil)
    }

    @Test("a catalog's names are shown safely")
    func hostileName() {
        let hostile = Handler(id: "x", name: "Evil\u{1B}[2J", actions: ["edit", "print"], canReceive: false, isDefault: false)
        let lines = HandlerListing(offer: .init(action: nil, askAgain: false, available: [hostile])).lines(style: .plain)
        #expect(lines == ["  1  Evil\\x1b[2J  x  edit, print"])
    }
}
