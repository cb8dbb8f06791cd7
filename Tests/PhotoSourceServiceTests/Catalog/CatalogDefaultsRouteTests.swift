import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("PUT /v1/catalog/defaults/{action} and DELETE /v1/catalog/defaults")
struct CatalogDefaultsRouteTests {
    /// A store of the test's own (the test marks handlers used in it) and a loader whose remote
    /// catalog the test controls, with a clock it moves.
    static func run(
        _ server: ScriptedCatalogServer, clock: ManualClock, _ body: @Sendable (ServiceHarness, SQLServiceStore) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-defaults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLServiceStore.open(file: folder.appendingPathComponent("service.sqlite"))
        let loader = HandlerCatalogLoader(
            bundled: BundledCatalog.catalog,
            settings: .init(remoteURL: server.url, refreshInterval: .seconds(3600), development: true),
            fetcher: HTTPCatalogFetcher(trustedOrigins: [server.origin]), now: clock.now)
        do {
            try await ServiceHarness.run(arguments: { $0.store = store; $0.handlerCatalogLoader = loader }) { harness in
                try await body(harness, store)
            }
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    @Test("a remembered default comes first, for the customer's next session too; a new handler makes it ask again; the reset forgets")
    func defaultsAndAskAgain() async throws {
        try await ScriptedCatalogServer.run { server in
            server.answer(
                .document(CatalogFixture.document([CatalogFixture.handler("alpha"), CatalogFixture.handler("beta")]), etag: "\"1\""),
                .document(CatalogFixture.document([CatalogFixture.handler("alpha"), CatalogFixture.handler("beta"), CatalogFixture.handler("gamma")]), etag: "\"2\""))
            let clock = ManualClock()
            try await Self.run(server, clock: clock) { harness, _ in
                let token = try await CatalogFixture.session(harness, customer: "c-1")
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: token), "available") == ["alpha", "beta"])
                // When
                let put = try await CatalogFixture.putDefault(harness, body: #"{"handler": "beta"}"#, token: token)
                // Then
                #expect(put.status == .ok)
                let remembered = try ServiceHarness.object(put)
                #expect(remembered["action"] as? String == "edit" && remembered["handler"] as? String == "beta")
                let returning = try await CatalogFixture.session(harness, customer: "c-1")
                let again = try await CatalogFixture.catalog(harness, token: returning)
                #expect(CatalogFixture.ids(again, "available") == ["beta", "alpha"])
                #expect(CatalogFixture.entry(again, id: "beta")?["isDefault"] as? Bool == true)
                #expect(again["askAgain"] as? Bool == false)
                let stranger = try await CatalogFixture.catalog(harness, token: try await CatalogFixture.session(harness))
                #expect(CatalogFixture.ids(stranger, "available") == ["alpha", "beta"])
                let shop = try await CatalogFixture.catalog(harness, token: ServiceHarness.apiKey)
                #expect(CatalogFixture.entry(shop, id: "beta")?["isDefault"] as? Bool == false)
                // When a new handler appears in the catalog
                clock.advance(seconds: 3601)
                let changed = try await CatalogFixture.catalog(harness, token: returning)
                // Then
                #expect(changed["askAgain"] as? Bool == true)
                #expect(CatalogFixture.ids(changed, "available") == ["alpha", "beta", "gamma"])
                #expect(CatalogFixture.entry(changed, id: "beta")?["isDefault"] as? Bool == false)
                // Choosing again settles it; the reset forgets it
                #expect(try await CatalogFixture.putDefault(harness, body: #"{"handler": "gamma"}"#, token: returning).status == .ok)
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: token), "available").first == "gamma")
                let reset = try await harness.client.execute(uri: "/v1/catalog/defaults", method: .delete, headers: [.authorization: "Bearer \(token)"])
                #expect(reset.status == .noContent)
                let forgotten = try await CatalogFixture.catalog(harness, token: returning)
                #expect(CatalogFixture.ids(forgotten, "available") == ["alpha", "beta", "gamma"])
                #expect(forgotten["askAgain"] as? Bool == false)
            }
        }
    }

    @Test("more lists the live handlers the customer has not used yet")
    func moreLeavesOutUsed() async throws {
        try await ScriptedCatalogServer.run { server in
            server.answer(.document(CatalogFixture.document([CatalogFixture.handler("alpha"), CatalogFixture.handler("beta")]), etag: "\"1\""))
            try await Self.run(server, clock: ManualClock()) { harness, store in
                let token = try await CatalogFixture.session(harness, customer: "c-9")
                try await store.markHandlerUsed("alpha", customerKey: "customer:c-9", at: Date())
                // When
                let answer = try await CatalogFixture.catalog(harness, token: token)
                // Then
                #expect(CatalogFixture.ids(answer, "more") == ["beta"])
                #expect(CatalogFixture.ids(answer, "available") == ["alpha", "beta"])
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: ServiceHarness.apiKey), "more") == ["alpha", "beta"])
            }
        }
    }

    @Test("a handler not available for the action, a missing one, or an unknown action is 400 at its path; the API key cannot set defaults")
    func refusals() async throws {
        try await ScriptedCatalogServer.run { server in
            server.answer(.document(CatalogFixture.document([CatalogFixture.handler("alpha"), CatalogFixture.handler("phone", extra: #", "platforms": ["ios"]"#)]), etag: "\"1\""))
            try await Self.run(server, clock: ManualClock()) { harness, _ in
                let token = try await CatalogFixture.session(harness)
                for (action, body, path) in [
                    ("edit", #"{"handler": "nobody"}"#, "$.handler"), ("edit", #"{"handler": "phone"}"#, "$.handler"),
                    ("edit", nil, "$.handler"), ("edit", #"{"handler": 3}"#, "$.handler"), ("paint", #"{"handler": "alpha"}"#, "action"),
                ] as [(String, String?, String)] {
                    let response = try await CatalogFixture.putDefault(harness, action: action, body: body, token: token)
                    #expect(response.status == .badRequest, "\(body ?? "no body")")
                    let errors = try #require(try ServiceHarness.object(response)["errors"] as? [[String: Any]])
                    #expect(errors.map { $0["path"] as? String } == [path])
                }
                let shop = try await CatalogFixture.putDefault(harness, body: #"{"handler": "alpha"}"#, token: ServiceHarness.apiKey)
                #expect(shop.status == .unauthorized)
            }
        }
    }

    @Test("the remote catalog in the running service: 200, then 304 and 500 keep it in force, and no download before the interval")
    func remoteRefresh() async throws {
        try await ScriptedCatalogServer.run { server in
            server.answer(
                .document(CatalogFixture.document([CatalogFixture.handler("remote")]), etag: "\"r1\""),
                .document(CatalogFixture.document([CatalogFixture.handler("remote")]), etag: "\"r1\""), .serverError)
            let clock = ManualClock()
            try await Self.run(server, clock: clock) { harness, _ in
                let token = try await CatalogFixture.session(harness)
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: token), "available") == ["remote"])
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: token), "available") == ["remote"])
                #expect(server.requests == 1)
                // When: 304
                clock.advance(seconds: 3601)
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: token), "available") == ["remote"])
                #expect(server.ifNoneMatch == [nil, "\"r1\""])
                // When: 500
                clock.advance(seconds: 3601)
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: token), "available") == ["remote"])
                #expect(CatalogFixture.ids(try await CatalogFixture.catalog(harness, token: token), "available") == ["remote"])
                // Then: three downloads; the failure's backoff holds the next one off
                #expect(server.requests == 3)
            }
        }
    }
}
