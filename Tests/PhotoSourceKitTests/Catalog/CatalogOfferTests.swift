import PhotoSourceKit
import Testing

@Suite("CatalogOffer")
struct CatalogOfferTests {
    static func handler(_ id: String, live: Bool = true, platforms: [String] = ["web"], action: String = "edit", signup: String? = nil) -> CatalogHandler {
        CatalogHandler(
            id: id, name: LocalizedText(translations: ["en": "\(id) (en)", "de": "\(id) (de)"]), platforms: platforms, live: live,
            signup: signup.map { .init(url: $0, free: true) }, actions: [action: HandlerAction(url: "https://\(id).example/?i={{imageURL}}", required: ["imageURL"])])
    }

    let catalog = HandlerCatalog(handlers: [
        handler("alpha"), handler("beta", signup: "https://beta.example/join?src=x#top"), handler("shop"),
        handler("sleepy", live: false), handler("phone", platforms: ["ios"]), handler("lab", action: "print"),
    ])

    @Test("available: live, on the platform, declaring the action, not the shop; names in the reader's language")
    func available() {
        // When
        let offer = catalog.offer(for: .init(action: "edit", platform: "web", languages: ["de-AT"], shopHandlerID: "shop"))
        // Then
        #expect(offer.available.map(\.id) == ["alpha", "beta"])
        #expect(offer.available.first?.name == "alpha (de)")
        #expect(!offer.askAgain)
        #expect(catalog.offer(for: .init(action: "edit", platform: "ios")).available.map(\.id) == ["phone"])
    }

    @Test("more: live handlers for the action the customer has not used, signup links with the referral parameter")
    func more() {
        let offer = catalog.offer(for: .init(
            action: "edit", used: ["alpha"], shopHandlerID: "shop", referral: .init(name: "ref", value: "shop & co")))
        #expect(offer.more.map(\.id) == ["beta", "phone"])
        #expect(offer.more.first?.signupURL == "https://beta.example/join?src=x&ref=shop%20%26%20co#top")
        #expect(ReferralLink.appending("ref", "s", to: "https://p.example/") == "https://p.example/?ref=s")
    }

    @Test("the remembered default comes first; a new handler for the action makes it ask again; a vanished one too")
    func defaults() {
        // Given: beta chosen when alpha and beta were offered
        let choice = HandlerChoice(action: "edit", handlerID: "beta", knownHandlerIDs: ["alpha", "beta"])
        // When
        let offer = catalog.offer(for: .init(action: "edit", choice: choice, shopHandlerID: "shop"))
        // Then
        #expect(offer.available.map(\.id) == ["beta", "alpha"])
        #expect(offer.available.map(\.isDefault) == [true, false])
        #expect(!offer.askAgain)
        // When: the shop's own entry is no longer excluded, it is a newcomer
        let withNewcomer = catalog.offer(for: .init(action: "edit", choice: choice))
        #expect(withNewcomer.askAgain)
        #expect(withNewcomer.available.allSatisfy { !$0.isDefault })
        #expect(HandlerChoice(action: "edit", handlerID: "gone", knownHandlerIDs: ["alpha", "beta", "gone"]).verdict(available: ["alpha", "beta"]) == .askAgain)
        #expect(choice.verdict(available: ["beta"]) == .use("beta"))
    }
}
