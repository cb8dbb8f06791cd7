import Foundation
import PhotoSourceKit
import PhotoSourceService
import Testing

@Suite("HandlerCatalogLoader")
struct HandlerCatalogLoaderTests {
    static let bundled = HandlerCatalog(handlers: [])

    /// A lint-clean catalog of one handler with `id`.
    static func document(_ id: String) -> String {
        #"{"version": 1, "handlers": [{"id": "\#(id)", "name": "N", "icons": {"1x": "https://e.example/1.png", "2x": "https://e.example/2.png"}, "#
            + #""actions": {"edit": {"url": "https://e.example/?i={{imageURL}}", "required": ["imageURL"]}}}]}"#
    }

    static func loader(
        _ server: ScriptedCatalogServer, clock: ManualClock, folder: URL? = nil, interval: Duration = .seconds(4 * 3600),
        limits: HandlerCatalog.Limits = .init()
    ) -> HandlerCatalogLoader {
        HandlerCatalogLoader(
            bundled: bundled,
            settings: .init(remoteURL: server.url, refreshInterval: interval, folder: folder, limits: limits),
            fetcher: HTTPCatalogFetcher(timeout: .seconds(30), trustedOrigins: [server.origin]), now: clock.now)
    }

    @Test("without a remote catalog the bundled one stays and nothing is fetched")
    func notConfigured() async {
        let loader = HandlerCatalogLoader(bundled: Self.bundled, settings: .init())
        #expect(await loader.refreshIfDue() == .notConfigured)
        #expect(await loader.catalog == Self.bundled)
    }

    @Test("200 replaces the catalog; no download within the interval; then a conditional GET that gets 304")
    func intervalAndConditionalGet() async throws {
        try await ScriptedCatalogServer.run { server in
            // Given
            server.answer(.document(Self.document("one"), etag: "\"v1\""))
            let clock = ManualClock()
            let loader = Self.loader(server, clock: clock)
            // When / Then
            #expect(await loader.refreshIfDue() == .updated)
            #expect(await loader.catalog.handlers.map(\.id) == ["one"])
            #expect(await loader.refreshIfDue() == .notDue)
            clock.advance(seconds: 4 * 3600 - 1)
            #expect(await loader.refreshIfDue() == .notDue)
            #expect(server.requests == 1)
            clock.advance(seconds: 1)
            #expect(await loader.refreshIfDue() == .notModified)
            #expect(server.ifNoneMatch == [nil, "\"v1\""])
            #expect(await loader.catalog.handlers.map(\.id) == ["one"])
        }
    }

    @Test("an interval of 0 (development) downloads on every refresh")
    func zeroInterval() async throws {
        try await ScriptedCatalogServer.run { server in
            server.answer(.document(Self.document("one"), etag: "\"v1\""), .document(Self.document("two"), etag: "\"v2\""))
            let loader = Self.loader(server, clock: ManualClock(), interval: .zero)
            #expect(await loader.refreshIfDue() == .updated)
            #expect(await loader.refreshIfDue() == .updated)
            #expect(await loader.catalog.handlers.map(\.id) == ["two"])
            #expect(server.requests == 2)
        }
    }

    @Test("500, oversized, malformed and lint-failing answers fail; the last good catalog stays; backoff doubles")
    func failuresKeepTheLastGoodCopy() async throws {
        try await ScriptedCatalogServer.run { server in
            // Given: a good catalog in force
            server.answer(
                .document(Self.document("good"), etag: "\"g\""), .serverError, .oversized(bytes: 8192),
                .document("{\"version\": 1, \"handlers\": [", etag: "\"m\""), .document(Self.document("Bad Id"), etag: "\"b\""))
            let clock = ManualClock()
            let loader = Self.loader(server, clock: clock, interval: .zero, limits: .init(maximumBytes: 4096))
            #expect(await loader.refreshIfDue() == .updated)
            // When: 500
            guard case .failed = await loader.refreshIfDue() else { Issue.record("500 did not fail"); return }
            // Then: backoff 60 s
            #expect(await loader.refreshIfDue() == .notDue)
            clock.advance(seconds: 60)
            // When: oversized
            guard case .failed(let tooLarge) = await loader.refreshIfDue() else { Issue.record("oversized did not fail"); return }
            #expect(tooLarge.contains("4096") || tooLarge.lowercased().contains("large"), "\(tooLarge)")
            // Then: backoff 120 s now
            clock.advance(seconds: 60)
            #expect(await loader.refreshIfDue() == .notDue)
            clock.advance(seconds: 60)
            guard case .failed(let malformed) = await loader.refreshIfDue() else { Issue.record("malformed did not fail"); return }
            #expect(malformed.contains("refused"), "\(malformed)")
            clock.advance(seconds: 240)
            guard case .failed(let lint) = await loader.refreshIfDue() else { Issue.record("lint did not fail"); return }
            #expect(lint.contains("/handlers/0/id"), "\(lint)")
            #expect(await loader.catalog.handlers.map(\.id) == ["good"])
            #expect(await loader.lastProblem == lint)
            #expect(server.requests == 5)
        }
    }

    @Test("callers arriving during a slow download share it: one request")
    func oneDownloadInFlight() async throws {
        try await ScriptedCatalogServer.run { server in
            server.answer(.held(Self.document("slow"), etag: "\"s\""))
            let loader = Self.loader(server, clock: ManualClock())
            async let first = loader.refreshIfDue()
            while server.requests == 0 { try await Task.sleep(for: .milliseconds(10)) }
            async let second = loader.refreshIfDue()
            async let third = loader.refreshIfDue()
            try await Task.sleep(for: .milliseconds(50))
            server.release()
            let outcomes = await [first, second, third]
            // Then: the first downloads; the others joined it (or, arriving after it, found it not due)
            #expect(outcomes[0] == .updated)
            #expect(outcomes.allSatisfy { $0 == .updated || $0 == .notDue }, "\(outcomes)")
            #expect(server.requests == 1)
        }
    }

    @Test("the last good copy on disk is used at start (offline), and its age counts towards the interval")
    func offlineStart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ManualClock()
        let url = try await ScriptedCatalogServer.run { server in
            server.answer(.document(Self.document("kept"), etag: "\"k\""))
            #expect(await Self.loader(server, clock: clock, folder: folder).refreshIfDue() == .updated)
            return server.url
        }
        // When: a new loader starts with the server gone
        let restarted = HandlerCatalogLoader(
            bundled: Self.bundled, settings: .init(remoteURL: url, folder: folder),
            fetcher: HTTPCatalogFetcher(timeout: .seconds(30), trustedOrigins: ["http://127.0.0.1:\(url.port ?? 0)"]), now: clock.now)
        // Then
        #expect(await restarted.catalog.handlers.map(\.id) == ["kept"])
        #expect(await restarted.refreshIfDue() == .notDue)
        clock.advance(seconds: 4 * 3600)
        guard case .failed = await restarted.refreshIfDue() else { Issue.record("an unreachable server did not fail"); return }
        #expect(await restarted.catalog.handlers.map(\.id) == ["kept"])
    }
}

@Suite("BundledCatalog")
struct BundledCatalogTests {
    @Test("the bundled catalog parses and lints clean; Photopea's launch URL carries the image in its JSON fragment")
    func bundled() throws {
        let catalog = BundledCatalog.catalog
        #expect(CatalogLinter().problems(in: catalog) == [])
        let photopea = try #require(catalog.handler(id: "photopea"))
        let launch = try photopea.actions["edit"]?.launchURL(["imageURL": "https://shop.example/v1/handoffs/abc/image"])
        #expect(launch == "https://www.photopea.com#%7B%22files%22:%5B%22https://shop.example/v1/handoffs/abc/image%22%5D%7D")
    }
}
