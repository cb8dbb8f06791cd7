import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import SampleSources
import Testing

@Suite("Per-session sign-in against the demo cloud")
struct SignInTests {
    /// Runs the service with the library and a demo cloud (auto-approving) as `cloud`.
    static func withCloud(_ body: @Sendable (ServiceHarness, DemoCloud) async throws -> Void) async throws {
        let cloud = DemoCloud()
        let url = try await cloud.start(configuration: .init(autoApprove: true, logsLifecycle: false))
        do {
            try await ServiceHarness.run(sources: { root in
                let folder = try LocalFolderSource(root: root, id: "local:test", title: "Test Library")
                return [try ServiceSource.folder(folder, id: "library"), try ServiceSource.cloud(baseURL: url, id: "cloud")]
            }) { harness in try await body(harness, cloud) }
        } catch {
            await cloud.stop()
            throw error
        }
        await cloud.stop()
    }

    /// Plays the customer's browser: opens authorizeURL at the cloud (which redirects at once in
    /// auto-approve mode) and returns the callback path on the service it redirects to.
    static func approve(_ authorizeURL: String) async throws -> String {
        let url = try #require(URL(string: authorizeURL))
        let location = try await NoRedirectFetch.location(of: url)
        let redirect = try #require(URLComponents(string: location))
        return redirect.path + "?" + (redirect.percentEncodedQuery ?? "")
    }

    func signIn(_ harness: ServiceHarness, token: String) async throws -> String {
        let started = try await harness.client.execute(
            uri: "/v1/sources/cloud/sign-in", method: .post, headers: [.authorization: "Bearer \(token)"])
        #expect(started.status == .ok)
        let authorizeURL = try #require(try ServiceHarness.object(started)["authorizeURL"] as? String)
        #expect(authorizeURL.contains("code_challenge_method=S256"))
        return try await Self.approve(authorizeURL)
    }

    @Test("the full round trip: sign-in → provider → callback → signed in → listing and a thumbnail from the cloud")
    func roundTrip() async throws {
        try await Self.withCloud { harness, _ in
            let session = try await harness.newSession()
            // Before: the cloud needs a sign-in.
            let before = try ServiceHarness.array(try await harness.get("/v1/sources", token: session.token))
            #expect(before.first { $0["id"] as? String == "cloud" }?["signedIn"] as? Bool == false)
            let refused = try await harness.get("/v1/sources/cloud/items", token: session.token)
            #expect(refused.status == .unauthorized)
            #expect(try ServiceHarness.object(refused)["code"] as? String == "not-logged-in")
            // When
            let callback = try await signIn(harness, token: session.token)
            let completed = try await harness.get(callback, token: nil)
            // Then
            #expect(completed.status == .ok)
            let after = try ServiceHarness.array(try await harness.get("/v1/sources", token: session.token))
            #expect(after.first { $0["id"] as? String == "cloud" }?["signedIn"] as? Bool == true)
            let albums = try ServiceHarness.object(try await harness.get("/v1/sources/cloud/items", token: session.token))
            let album = try #require((albums["items"] as? [[String: Any]])?.first?["id"] as? String)
            let photos = try ServiceHarness.object(try await harness.get("/v1/sources/cloud/items?scope=\(album)&count=2", token: session.token))
            let photo = try #require((photos["items"] as? [[String: Any]])?.first { $0["kind"] as? String == "image" })
            let thumbnail = try await harness.get(try #require(photo["thumbnailURL"] as? String), token: nil)
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/jpeg")
            // The state was single use.
            #expect(try await harness.get(callback, token: nil).status == .badRequest)
        }
    }

    @Test("sessions are isolated: B is not signed in by A's sign-in, and sign-out forgets A's tokens")
    func isolationAndSignOut() async throws {
        try await Self.withCloud { harness, _ in
            let a = try await harness.newSession()
            let b = try await harness.newSession()
            #expect(try await harness.get(try await signIn(harness, token: a.token), token: nil).status == .ok)
            #expect(try await harness.get("/v1/sources/cloud/items", token: a.token).status == .ok)
            #expect(try await harness.get("/v1/sources/cloud/items", token: b.token).status == .unauthorized)
            let signedOut = try await harness.client.execute(
                uri: "/v1/sources/cloud/sign-in", method: .delete, headers: [.authorization: "Bearer \(a.token)"])
            #expect(signedOut.status == .noContent)
            #expect(try await harness.get("/v1/sources/cloud/items", token: a.token).status == .unauthorized)
        }
    }

    @Test("a callback with a state from nowhere, or for another source, signs nobody in")
    func forgedState() async throws {
        try await Self.withCloud { harness, _ in
            let session = try await harness.newSession()
            let callback = try await signIn(harness, token: session.token)
            let forged = try await harness.get("/v1/sources/cloud/callback?state=made-up&code=x", token: nil)
            #expect(forged.status == .badRequest)
            let wrongSource = try await harness.get(callback.replacingOccurrences(of: "/cloud/", with: "/library/"), token: nil)
            #expect(wrongSource.status.code >= 400)
            #expect(try await harness.get("/v1/sources/cloud/items", token: session.token).status == .unauthorized)
        }
    }

    @Test("a source without sign-in refuses to start one")
    func noSignInNeeded() async throws {
        try await ServiceHarness.run { harness in
            let session = try await harness.newSession()
            let response = try await harness.client.execute(
                uri: "/v1/sources/library/sign-in", method: .post, headers: [.authorization: "Bearer \(session.token)"])
            #expect(response.status == .badRequest)
        }
    }
}
