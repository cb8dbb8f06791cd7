import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("The store: remembered handlers and the session's customer, on SQLite and on PostgreSQL")
struct HandlerStoreTests {
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))

    @Test("a session keeps the shop's customer id, and its customerKey names the customer or else the session", arguments: StoreEngine.allCases)
    func sessionCustomer(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let expires = Self.now.addingTimeInterval(600)
            try await store.createSession(CustomerSession(id: "a", tokenHash: "ha", createdAt: Self.now, expiresAt: expires, customer: "c-42 ü"))
            try await store.createSession(CustomerSession(id: "b", tokenHash: "hb", createdAt: Self.now, expiresAt: expires))
            // Then
            let touched = try #require(try await store.touchSession(tokenHash: "ha", now: Self.now, lifetime: 60))
            #expect(touched.customer == "c-42 ü")
            #expect(touched.customerKey == "customer:c-42 ü")
            #expect(try await store.session(tokenHash: "ha", now: Self.now)?.customer == "c-42 ü")
            let plain = try #require(try await store.session(id: "b", now: Self.now))
            #expect(plain.customer == nil)
            #expect(plain.customerKey == "session:b")
        }
    }

    @Test("a choice is remembered per customer and action, replaced by a new one, and forgotten by the reset", arguments: StoreEngine.allCases)
    func choices(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let first = HandlerChoice(action: "edit", handlerID: "photopea", knownHandlerIDs: ["photopea", "demo.editor"])
            try await store.rememberChoice(first, customerKey: "customer:1")
            try await store.rememberChoice(HandlerChoice(action: "print", handlerID: "lab", knownHandlerIDs: ["lab"]), customerKey: "customer:1")
            #expect(try await store.choice(action: "edit", customerKey: "customer:1") == first)
            #expect(try await store.choice(action: "edit", customerKey: "customer:2") == nil)
            // When
            let second = HandlerChoice(action: "edit", handlerID: "demo.editor", knownHandlerIDs: ["demo.editor"])
            try await store.rememberChoice(second, customerKey: "customer:1")
            // Then
            #expect(try await store.choice(action: "edit", customerKey: "customer:1") == second)
            try await store.forgetChoices(customerKey: "customer:1")
            #expect(try await store.choice(action: "edit", customerKey: "customer:1") == nil)
            #expect(try await store.choice(action: "print", customerKey: "customer:1") == nil)
        }
    }

    @Test("used handlers are a set per customer; marking one twice keeps one, and the reset leaves them", arguments: StoreEngine.allCases)
    func usedHandlers(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            try await store.markHandlerUsed("photopea", customerKey: "customer:1", at: Self.now)
            try await store.markHandlerUsed("photopea", customerKey: "customer:1", at: Self.now.addingTimeInterval(5))
            try await store.markHandlerUsed("demo.editor", customerKey: "customer:1", at: Self.now)
            try await store.markHandlerUsed("lab", customerKey: "session:x", at: Self.now)
            try await store.forgetChoices(customerKey: "customer:1")
            #expect(try await store.usedHandlers(customerKey: "customer:1") == ["photopea", "demo.editor"])
            #expect(try await store.usedHandlers(customerKey: "session:x") == ["lab"])
            #expect(try await store.usedHandlers(customerKey: "customer:2") == [])
        }
    }

    @Test("a returning customer's new store connection finds what was remembered; a session's own rows go when it expires", arguments: StoreEngine.allCases)
    func outlivesSessions(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, open in
            try await store.createSession(CustomerSession(id: "s1", tokenHash: "h1", createdAt: Self.now, expiresAt: Self.now.addingTimeInterval(60)))
            let choice = HandlerChoice(action: "edit", handlerID: "photopea", knownHandlerIDs: ["photopea"])
            try await store.rememberChoice(choice, customerKey: "customer:c")
            try await store.markHandlerUsed("photopea", customerKey: "customer:c", at: Self.now)
            try await store.rememberChoice(choice, customerKey: "session:s1")
            try await store.markHandlerUsed("photopea", customerKey: "session:s1", at: Self.now)
            // When
            #expect(try await store.purgeExpired(now: Self.now.addingTimeInterval(120)) == 1)
            // Then
            let other = try await open()
            #expect(try await other.choice(action: "edit", customerKey: "customer:c") == choice)
            #expect(try await other.usedHandlers(customerKey: "customer:c") == ["photopea"])
            #expect(try await other.choice(action: "edit", customerKey: "session:s1") == nil)
            #expect(try await other.usedHandlers(customerKey: "session:s1") == [])
            try await other.close()
        }
    }
}
