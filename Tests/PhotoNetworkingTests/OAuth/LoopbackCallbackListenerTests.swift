import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

@Suite("Loopback callback listener")
struct LoopbackCallbackListenerTests {
    @Test("binds 127.0.0.1 on an ephemeral port")
    func ephemeralPort() throws {
        let first = try LoopbackCallbackListener()
        let second = try LoopbackCallbackListener()
        #expect(first.port != 0 && second.port != 0 && first.port != second.port)
        #expect(first.redirectURI.absoluteString == "http://127.0.0.1:\(first.port)/callback")
    }

    @Test("other paths get 404 and the listener keeps waiting for the callback")
    func otherPaths() async throws {
        let listener = try LoopbackCallbackListener()
        async let code = listener.waitForCode(expectedState: "s1", timeout: .seconds(30))
        let favicon = try await TestBrowser.open(URL(string: "http://127.0.0.1:\(listener.port)/favicon.ico")!, trusting: [])
        #expect(favicon.status == 404)
        let page = try await TestBrowser.open(
            URL(string: "http://127.0.0.1:\(listener.port)/callback?code=c-1&state=s1")!, trusting: [])
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("You can close this window"))
        #expect(try await code == "c-1")
    }

    @Test("a wrong state gets a 400 page and throws .authentication")
    func wrongState() async throws {
        let listener = try LoopbackCallbackListener()
        let code = Task { try await listener.waitForCode(expectedState: "s1", timeout: .seconds(30)) }
        let page = try await TestBrowser.open(
            URL(string: "http://127.0.0.1:\(listener.port)/callback?code=c-1&state=forged")!, trusting: [])
        #expect(page.status == 400)
        #expect(String(decoding: page.body, as: UTF8.self).contains("state does not match"))
        let error = await #expect(throws: PhotoSourceError.self) { try await code.value }
        #expect(error?.code == .authentication)
    }

    @Test("no browser within the timeout throws .authentication")
    func timeout() async throws {
        let listener = try LoopbackCallbackListener()
        let error = await #expect(throws: PhotoSourceError.self) {
            try await listener.waitForCode(expectedState: "s1", timeout: .milliseconds(50))
        }
        #expect(error?.code == .authentication)
    }

    @Test("cancelling the wait throws .cancelled and closes the listener")
    func cancellation() async throws {
        let listener = try LoopbackCallbackListener()
        let wait = Task { try await listener.waitForCode(expectedState: "s1", timeout: .seconds(60)) }
        wait.cancel()
        let error = await #expect(throws: PhotoSourceError.self) { try await wait.value }
        #expect(error?.code == .cancelled)
        let again = await #expect(throws: PhotoSourceError.self) {
            try await listener.waitForCode(expectedState: "s1", timeout: .seconds(1))
        }
        #expect(again?.code == .authentication)
    }
}
