import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("GET /v1/catalog")
struct CatalogRouteTests {
    @Test("a session gets live handlers for the action; without action every live one; the API key too, with nothing default")
    func listsHandlers() async throws {
        let handlers = try CatalogFixture.handlers([
            CatalogFixture.handler("alpha", extra: #", "canReceive": true"#), CatalogFixture.handler("beta"),
            CatalogFixture.handler("asleep", extra: #", "live": false"#),
        ])
        try await ServiceHarness.run(configure: { $0.catalog.handlers = handlers }) { harness in
            let token = try await CatalogFixture.session(harness)
            // When
            let answer = try await CatalogFixture.catalog(harness, token: token)
            // Then
            #expect(answer["action"] as? String == "edit")
            #expect(answer["askAgain"] as? Bool == false)
            #expect(CatalogFixture.ids(answer, "available") == ["photopea", "alpha", "beta"])
            #expect(CatalogFixture.ids(answer, "more") == ["photopea", "alpha", "beta"])
            let alpha = try #require(CatalogFixture.entry(answer, id: "alpha"))
            #expect(alpha["actions"] as? [String] == ["edit"])
            #expect(alpha["canReceive"] as? Bool == true)
            #expect(alpha["isDefault"] as? Bool == false)
            #expect(alpha["signupURL"] is NSNull)
            let icons = try #require(alpha["icons"] as? [String: String])
            #expect(icons["1x"]?.hasPrefix("/v1/icons/") == true && icons["2x"]?.hasPrefix("/v1/icons/") == true)
            let everything = try await CatalogFixture.catalog(harness, "/v1/catalog", token: token)
            #expect(everything["action"] is NSNull)
            #expect(CatalogFixture.ids(everything, "available") == ["photopea", "alpha", "beta"])
            let shop = try await CatalogFixture.catalog(harness, token: ServiceHarness.apiKey)
            #expect(CatalogFixture.ids(shop, "available") == ["photopea", "alpha", "beta"])
            #expect(try await harness.get("/v1/catalog", token: nil).status == .unauthorized)
        }
    }

    @Test("names follow lang, else Accept-Language, else English; the platform filters available, not more")
    func languageAndPlatform() async throws {
        let handlers = try CatalogFixture.handlers([
            CatalogFixture.handler("alpha", name: #"{"en": "Editor", "de": "Bearbeiter", "fr": "Éditeur"}"#),
            CatalogFixture.handler("phone", extra: #", "platforms": ["ios"]"#),
        ])
        try await ServiceHarness.run(configure: { $0.catalog.handlers = handlers }) { harness in
            let token = try await CatalogFixture.session(harness)
            func name(_ uri: String, _ headers: HTTPFields = [:]) async throws -> String? {
                CatalogFixture.entry(try await CatalogFixture.catalog(harness, uri, token: token, headers: headers), id: "alpha")?["name"] as? String
            }
            #expect(try await name("/v1/catalog?action=edit") == "Editor")
            #expect(try await name("/v1/catalog?action=edit&lang=de-CH,en") == "Bearbeiter")
            #expect(try await name("/v1/catalog?action=edit", [.acceptLanguage: "it, fr;q=0.9, de;q=0.8"]) == "Éditeur")
            #expect(try await name("/v1/catalog?action=edit&lang=en", [.acceptLanguage: "de"]) == "Editor")
            let web = try await CatalogFixture.catalog(harness, token: token)
            #expect(!CatalogFixture.ids(web, "available").contains("phone"))
            #expect(CatalogFixture.ids(web, "more").contains("phone"))
            let ios = try await CatalogFixture.catalog(harness, "/v1/catalog?action=edit&platform=ios", token: token)
            #expect(CatalogFixture.ids(ios, "available") == ["phone"])
        }
    }

    @Test("the shop's own handler is never offered; signup links carry the referral; custom actions are listed")
    func shopReferralAndCustom() async throws {
        let handlers = try CatalogFixture.handlers([
            CatalogFixture.handler("myshop"),
            CatalogFixture.handler("beta", extra: #", "signup": {"url": "https://beta.example/join?plan=free#top", "free": true}"#),
        ])
        try await ServiceHarness.run(configure: {
            $0.catalog.handlers = handlers
            $0.catalog.shopHandlerID = "myshop"
            $0.catalog.referral = .init(name: "ref", value: "shop 42")
            $0.catalog.customActions = [
                CustomAction(id: "frame-in-store", title: LocalizedText(translations: ["en": "Frame it", "de": "Rahmen"]), icon: URL(string: "https://shop.example/f.png")),
                CustomAction(id: "gift", title: LocalizedText("Gift")),
            ]
        }) { harness in
            let token = try await CatalogFixture.session(harness)
            // When
            let answer = try await CatalogFixture.catalog(harness, "/v1/catalog?action=edit&lang=de", token: token)
            // Then
            #expect(!CatalogFixture.ids(answer, "available").contains("myshop"))
            #expect(!CatalogFixture.ids(answer, "more").contains("myshop"))
            let beta = try #require(CatalogFixture.entry(answer, "more", id: "beta"))
            #expect(beta["signupURL"] as? String == "https://beta.example/join?plan=free&ref=shop%2042#top")
            #expect(beta["free"] as? Bool == true)
            let custom = try #require(answer["custom"] as? [[String: Any]])
            #expect(custom.compactMap { $0["id"] as? String } == ["frame-in-store", "gift"])
            #expect(custom.first?["title"] as? String == "Rahmen")
            #expect((custom.first?["icon"] as? String)?.hasPrefix("/v1/icons/") == true)
            #expect(custom.last?["icon"] is NSNull)
        }
    }

    @Test("an unknown action or platform is 400 naming the query parameter")
    func badQuery() async throws {
        try await ServiceHarness.run { harness in
            let token = try await CatalogFixture.session(harness)
            for (uri, path) in [("/v1/catalog?action=paint", "action"), ("/v1/catalog?action=edit&platform=tv", "platform")] {
                let response = try await harness.get(uri, token: token)
                #expect(response.status == .badRequest)
                let errors = try #require(try ServiceHarness.object(response)["errors"] as? [[String: Any]])
                #expect(errors.map { $0["path"] as? String } == [path])
            }
        }
    }

    @Test("Accept-Language is read by falling weight; lang lists tags in order")
    func languageParsing() {
        #expect(CatalogQuery.acceptedLanguages(in: "fr;q=0.5, de-CH, en;q=0.8, *;q=0.1, it;q=0") == ["de-CH", "en", "fr"])
        #expect(CatalogQuery.tags(in: "de-CH, ,en") == ["de-CH", "en"])
    }
}
