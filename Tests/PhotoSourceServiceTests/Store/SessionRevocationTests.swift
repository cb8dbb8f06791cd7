import Foundation
@testable import PhotoSourceService
import Testing

@Suite("Revoking a session in the store")
struct SessionRevocationTests {
    @Test("deleteSession removes the session with its sign-ins and idempotency records; other sessions keep theirs", arguments: StoreEngine.allCases)
    func cascades(_ engine: StoreEngine) async throws {
        try await engine.withStore { store, _ in
            let later = Date().addingTimeInterval(3_600)
            try await store.createSession(ServiceStoreTests.session("gone", expires: later))
            try await store.createSession(ServiceStoreTests.session("kept", expires: later))
            try await store.saveSignIn(session: "gone", source: "cloud", sealed: Data([1]))
            try await store.saveSignIn(session: "kept", source: "cloud", sealed: Data([2]))
            // When
            try await store.deleteSession(id: "gone")
            // Then
            #expect(try await store.session(id: "gone", now: Date()) == nil)
            #expect(try await store.touchSession(tokenHash: "hash-gone", now: Date(), lifetime: 60) == nil)
            #expect(try await store.signIn(session: "gone", source: "cloud") == nil)
            #expect(try await store.signIn(session: "kept", source: "cloud") == Data([2]))
            // Again: nothing to do, no error
            try await store.deleteSession(id: "gone")
        }
    }
}
