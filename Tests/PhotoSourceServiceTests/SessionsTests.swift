import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import SampleSources
import Testing

@Suite("Sessions and the API key")
struct SessionsTests {
    @Test("POST /v1/sessions with the API key makes a session whose token opens the API")
    func createsSession() async throws {
        try await ServiceHarness.run { harness in
            // When
            let response = try await harness.client.execute(
                uri: "/v1/sessions", method: .post, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
            // Then
            #expect(response.status == .created)
            let json = try ServiceHarness.object(response)
            let token = try #require(json["token"] as? String)
            #expect(token.count == 43)  // 256 bits, unpadded base64url
            #expect((json["id"] as? String)?.hasPrefix("ses_") == true)
            #expect(ISO8601DateFormatter().date(from: try #require(json["expiresAt"] as? String)) != nil)
            #expect(try await harness.get("/v1/sources", token: token).status == .ok)
        }
    }

    @Test("DELETE /v1/sessions/current revokes the caller's session at once: its token is 401 from then on; other sessions go on")
    func revokesCurrentSession() async throws {
        try await ServiceHarness.run { harness in
            let (token, _) = try await harness.newSession()
            let (other, _) = try await harness.newSession()
            #expect(try await harness.get("/v1/sources", token: token).status == .ok)
            // When
            let revoked = try await harness.client.execute(uri: "/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(token)"])
            // Then
            #expect(revoked.status == .noContent)
            let after = try await harness.get("/v1/sources", token: token)
            #expect(after.status == .unauthorized)
            #expect(try ServiceHarness.object(after)["code"] as? String == "not-logged-in")
            let again = try await harness.client.execute(uri: "/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(token)"])
            #expect(again.status == .unauthorized)
            #expect(try await harness.get("/v1/sources", token: other).status == .ok)
            // The API key is not a session: nothing to revoke
            let shop = try await harness.client.execute(
                uri: "/v1/sessions/current", method: .delete, headers: [.authorization: "Bearer \(ServiceHarness.apiKey)"])
            #expect(shop.status == .unauthorized)
        }
    }

    @Test("a wrong or missing API key is 401 problem+json with code invalid-credentials")
    func wrongKey() async throws {
        try await ServiceHarness.run { harness in
            for headers: HTTPFields in [[:], [.authorization: "Bearer nope"]] {
                let response = try await harness.client.execute(uri: "/v1/sessions", method: .post, headers: headers)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(try ServiceHarness.object(response)["code"] as? String == "invalid-credentials")
            }
        }
    }

    @Test("the API key is not a customer token, and an unknown token is 401 not-logged-in")
    func customerEndpointsNeedSession() async throws {
        try await ServiceHarness.run { harness in
            for token in [ServiceHarness.apiKey, "made-up", nil] {
                let response = try await harness.get("/v1/sources", token: token)
                #expect(response.status == .unauthorized)
                #expect(try ServiceHarness.object(response)["code"] as? String == "not-logged-in")
            }
        }
    }

    @Test("an expired session is refused")
    func expiredSession() async throws {
        try await ServiceHarness.run(configure: { $0.limits.sessionLifetimeSeconds = 1 }) { harness in
            let session = try await harness.newSession()
            try await Task.sleep(for: .milliseconds(1_200))
            #expect(try await harness.get("/v1/products", token: session.token).status == .unauthorized)
        }
    }
}
