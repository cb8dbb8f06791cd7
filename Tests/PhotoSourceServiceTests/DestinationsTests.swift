import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceService
import Testing

@Suite("GET /v1/destinations: ids, kinds and what each takes, never secrets")
struct DestinationsTests {
    @Test("every configured destination with its kind and products; no URL, folder, key or secret of the configuration")
    func listsWithoutSecrets() async throws {
        let lab = try JSONDecoder().decode(DestinationConfiguration.self, from: Data("""
            {"id": "lab", "kind": "printLab", "url": "http://127.0.0.1:9/v4.0/Orders", "apiKey": "lab-api-key-do-not-show",
             "callbackSecrets": ["lab-callback-secret-do-not-show"], "skus": {"4x6": "GLOBAL-PHO-4X6", "a4": "GLOBAL-PHO-A4"},
             "recipient": {"name": "Ada", "address": {"line1": "1 Loop Road", "postalOrZipCode": "12345", "countryCode": "GB", "townOrCity": "London"}}}
            """.utf8))
        try await ServiceHarness.run(configure: { configuration in
            ServiceHarness.orderConfiguration(&configuration)
            configuration.destinations += [lab, .folder(id: "archive", root: "/srv/archive-do-not-show", enabled: false)]
        }) { harness in
            let (token, _) = try await harness.newSession()
            for caller in [token, ServiceHarness.apiKey] {
                // When
                let response = try await harness.get("/v1/destinations", token: caller)
                // Then
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                let destinations = try ServiceHarness.array(response)
                #expect(destinations.map { $0["id"] as? String } == ["shop-folder", "lab", "archive"])
                #expect(destinations.map { $0["kind"] as? String } == ["folder", "printLab", "folder"])
                #expect(destinations.map { $0["enabled"] as? Bool } == [true, true, false])
                #expect(destinations[1]["products"] as? [String] == ["4x6", "a4"])
                #expect(destinations[0]["products"] as? [String] == ["4x6", "5x7", "8x10", "16x20", "a4", "a3"])
                #expect(destinations[0]["contentTypes"] as? [String] == ["image/jpeg", "image/png"])
                for secret in ["do-not-show", "127.0.0.1:9", "/srv", "Loop Road", "GLOBAL-PHO", harness.orderFolder.path] {
                    #expect(!body.contains(secret), "the answer shows \(secret)")
                }
            }
            #expect(try await harness.get("/v1/destinations", token: nil).status == .unauthorized)
        }
    }
}
