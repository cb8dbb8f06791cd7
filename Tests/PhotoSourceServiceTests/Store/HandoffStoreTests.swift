import Foundation
@testable import PhotoSourceService
import Testing

@Suite("The store: hand-offs, on SQLite and on PostgreSQL")
struct HandoffStoreTests {
    /// Whole seconds, so values survive the REAL column exactly.
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

    static func handoff(_ id: String = "hof_1", image: String = "img-hash", returning: String? = "ret-hash", ttl: TimeInterval = 900) -> Handoff {
        Handoff(
            id: id, imageTokenHash: image, returnTokenHash: returning, sessionID: "ses_a", customerKey: "customer:c-1", sourceID: "library",
            itemID: "portrait.jpg", handlerID: "test.editor", action: "edit", customID: nil, launchOrigin: "http://127.0.0.1:9",
            receivedTitle: "portrait.jpg (from Test editor)", createdAt: now, expiresAt: now.addingTimeInterval(ttl))
    }

    @Test("a hand-off reads back as stored, by either token's hash", arguments: StoreEngine.allCases)
    func readBack(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            try await store.createHandoff(Self.handoff(), webhook: nil)
            #expect(try await store.handoff(imageTokenHash: "img-hash") == Self.handoff())
            #expect(try await store.handoff(returnTokenHash: "ret-hash") == Self.handoff())
            #expect(try await store.handoff(imageTokenHash: "ret-hash") == nil)
            #expect(try await store.handoff(returnTokenHash: "other") == nil)
        }
    }

    @Test("the image token is taken once: then used; unknown tokens are unknown", arguments: StoreEngine.allCases)
    func takeOnce(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            try await store.createHandoff(Self.handoff(), webhook: nil)
            let first = try await store.takeHandoffImage(tokenHash: "img-hash", now: Self.now.addingTimeInterval(1))
            guard case .taken(let taken) = first else { Issue.record("not taken: \(first)"); return }
            #expect(taken.usedAt == Self.now.addingTimeInterval(1))
            #expect(try await store.takeHandoffImage(tokenHash: "img-hash", now: Self.now.addingTimeInterval(2)) == .used)
            #expect(try await store.takeHandoffImage(tokenHash: "guessed", now: Self.now) == .unknown)
            // The return token is separate: spending the image leaves it.
            guard case .taken = try await store.takeHandoffReturn(tokenHash: "ret-hash", now: Self.now.addingTimeInterval(3)) else {
                Issue.record("return not taken"); return
            }
            #expect(try await store.takeHandoffReturn(tokenHash: "ret-hash", now: Self.now.addingTimeInterval(4)) == .used)
        }
    }

    @Test("past its expiry an unused token is expired, for both tokens", arguments: StoreEngine.allCases)
    func expiry(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            try await store.createHandoff(Self.handoff(ttl: 60), webhook: nil)
            let later = Self.now.addingTimeInterval(60)
            #expect(try await store.takeHandoffImage(tokenHash: "img-hash", now: later) == .expired)
            #expect(try await store.takeHandoffReturn(tokenHash: "ret-hash", now: later) == .expired)
        }
    }

    @Test("two concurrent takes on two stores of one database: exactly one gets the image", arguments: StoreEngine.allCases)
    func concurrentTakes(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, open in
            let other = try await open()
            for round in 0..<10 {
                try await store.createHandoff(Self.handoff("hof_\(round)", image: "img-\(round)", returning: nil), webhook: nil)
                async let a = store.takeHandoffImage(tokenHash: "img-\(round)", now: Self.now)
                async let b = other.takeHandoffImage(tokenHash: "img-\(round)", now: Self.now)
                let claims = try await [a, b]
                #expect(claims.filter { if case .taken = $0 { true } else { false } }.count == 1)
                #expect(claims.contains(.used))
            }
            try await other.close()
        }
    }

    @Test("purging removes hand-offs that expired before the cut-off, and only those", arguments: StoreEngine.allCases)
    func purge(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            try await store.createHandoff(Self.handoff("hof_old", image: "old", returning: nil, ttl: 10), webhook: nil)
            try await store.createHandoff(Self.handoff("hof_new", image: "new", returning: nil, ttl: 1000), webhook: nil)
            #expect(try await store.purgeHandoffs(expiredBefore: Self.now.addingTimeInterval(100)) == 1)
            #expect(try await store.handoff(imageTokenHash: "old") == nil)
            #expect(try await store.handoff(imageTokenHash: "new") != nil)
        }
    }

    @Test("a hand-off's webhook event is written with it, about no order, and leased like an order's", arguments: StoreEngine.allCases)
    func customWebhook(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let event = WebhookEvent(id: "evt_custom", type: "handoff.custom", createdAt: Self.now, data: Data(#"{"custom":"frame"}"#.utf8))
            try await store.createHandoff(Self.handoff(returning: nil), webhook: event)
            let leased = try #require(try await store.claimWebhook(worker: "w", now: Self.now, lease: 10))
            #expect(leased.event.id == "evt_custom")
            #expect(leased.event.type == "handoff.custom")
            #expect(leased.orderID == nil)
            #expect(String(decoding: leased.event.data, as: UTF8.self) == #"{"custom":"frame"}"#)
            try await store.finishWebhook(id: "evt_custom", worker: "w", outcome: .delivered, now: Self.now)
            #expect(try await store.claimWebhook(worker: "w", now: Self.now, lease: 10) == nil)
        }
    }
}
