import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

/// Item ids of any length answer 404 or 400 with a short message, and logs stay short.
@Suite("Long item ids")
struct ItemIdentifierTests {
    @Test("an id with a 300-byte file name is 404 not-found (it was 500 'File name too long'); one of 20 KB is 400 with a bounded message; nothing is logged whole")
    func longIDs() async throws {
        try await ServiceHarness.run { harness in
            let (token, _) = try await harness.newSession()
            // When: one path component longer than any file name may be
            let name = "Album%2F" + String(repeating: "a", count: 300) + ".jpg"
            let tooLongName = try await harness.get("/v1/sources/library/items/\(name)", token: token)
            // Then
            #expect(tooLongName.status == .notFound)
            let notFound = try ServiceHarness.object(tooLongName)
            #expect(notFound["code"] as? String == "not-found")
            #expect((notFound["detail"] as? String ?? "").utf8.count < 1200)
            // When: an id far over the limit, as an item and as a scope
            let huge = String(repeating: "b", count: 20_000)
            for uri in ["/v1/sources/library/items/\(huge)", "/v1/sources/library/items?scope=\(huge)"] {
                let response = try await harness.get(uri, token: token)
                // Then
                #expect(response.status == .badRequest)
                let problem = try ServiceHarness.object(response)
                #expect(problem["code"] as? String == "invalid-data")
                let detail = problem["detail"] as? String ?? ""
                #expect(detail.utf8.count < 200, "\(detail)")
                #expect(detail.contains("20000 bytes long"))
            }
            #expect(harness.logs.text.split(separator: "\n").allSatisfy { $0.utf8.count < 8192 })
        }
    }

    @Test("an order naming an id over the limit is refused as invalid-data with a bounded message")
    func longIDInAnOrder() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration) { harness in
            let (token, _) = try await harness.newSession()
            let body = #"{"reference": "long", "product": "4x6", "items": [{"source": "library", "itemId": "\#(String(repeating: "c", count: 5000))"}]}"#
            // When
            let response = try await harness.postOrder(body, token: token, key: "long-id")
            // Then
            #expect(response.status == .badRequest)
            let detail = try ServiceHarness.object(response)["detail"] as? String ?? ""
            #expect(detail.contains("$.items[0].itemId: is 5000 bytes long"))
            #expect(detail.utf8.count < 200)
        }
    }

    @Test("a 5xx whose error and path are 100 KB is logged with both cut at 2 KB and a marker that says how much was left out")
    func boundedLogFields() async throws {
        let logs = LogCapture()
        let router = Router(context: ServiceRequestContext.self)
        router.addMiddleware { ProblemMiddleware() }
        router.get("/fail/**") { _, _ -> String in
            throw PhotoSourceError(.unknown, String(repeating: "x", count: 100_000))
        }
        let app = Application(router: router, logger: logs.logger)
        try await app.test(.router) { client in
            // When
            let response = try await client.execute(uri: "/fail/" + String(repeating: "p", count: 100_000), method: .get)
            // Then
            #expect(response.status == .internalServerError)
        }
        let line = try #require(logs.text.split(separator: "\n").first { $0.contains("request failed") })
        #expect(line.utf8.count < 6000, "\(line.utf8.count) bytes")
        #expect(line.contains("…[truncated 97958 bytes]") && line.contains("…[truncated 97952 bytes]"))
    }

    @Test("bounded cuts on a character boundary and counts what it left out", arguments: [
        ("short", 10, "short"),
        ("abcdefghij", 4, "abcd…[truncated 6 bytes]"),
        ("ééé", 3, "é…[truncated 4 bytes]"),
    ])
    func bounded(text: String, limit: Int, expected: String) {
        #expect(LogField.bounded(text, limit: limit) == expected)
    }
}
