import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PhotoSourceKit
import PhotoSourceService
import SampleSources
import Testing

/// `/metrics` counts each request by the status the client was sent: a customer's typo is a
/// 404 there, not a 500 that would page someone.
@Suite("Request metrics: the status actually sent")
struct RequestMetricsMiddlewareTests {
    /// One `hb_requests` (or other) sample: its labels and value.
    struct Sample: Equatable {
        var labels: [String: String]
        var value: Double
    }

    /// The samples of `metric` in a Prometheus text exposition.
    static func samples(of metric: String, in text: String) -> [Sample] {
        text.split(separator: "\n").compactMap { line -> Sample? in
            guard line.hasPrefix(metric + "{"), let close = line.lastIndex(of: "}") else { return nil }
            let inside = line[line.index(line.startIndex, offsetBy: metric.count + 1)..<close]
            var labels: [String: String] = [:]
            for pair in inside.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                labels[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard let value = Double(line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)) else { return nil }
            return Sample(labels: labels, value: value)
        }
    }

    /// The library, and a source whose every call fails with an error that is not ours (a real 500).
    static func sources(_ root: URL) throws -> [ServiceSource] {
        struct Broken: Error {}
        let folder = try LocalFolderSource(root: root, id: "local:test", title: "Test Library")
        let broken = ServiceSource(
            id: "broken", source: folder, requiresSignIn: false,
            scope: { _ in throw Broken() }, item: { _ in throw Broken() }, originalFile: nil)
        return [try ServiceSource.folder(folder, id: "library"), broken]
    }

    @Test("after a 401, a 404, a 422 and a real 500, /metrics has one request of each status, and errors only for the 500")
    func statusesAsSent() async throws {
        try await ServiceHarness.run(configure: ServiceHarness.orderConfiguration, sources: Self.sources) { harness in
            let (token, _) = try await harness.newSession()
            // When
            #expect(try await harness.get("/v1/sources", token: nil).status == .unauthorized)
            #expect(try await harness.get("/v1/sources/library/items/Nope.jpg", token: token).status == .notFound)
            #expect(try await harness.postOrder(ServiceHarness.orderBody(["portrait.jpg"]), token: token, key: "same").status == .created)
            let reused = try await harness.postOrder(ServiceHarness.orderBody(["Album/sunset.jpg"]), token: token, key: "same")
            #expect(reused.status == .unprocessableContent)
            #expect(try await harness.get("/v1/sources/broken/items", token: token).status == .internalServerError)
            #expect(try await harness.get("/v1/no-such-route", token: token).status == .notFound)
            let text = String(buffer: try await harness.get("/metrics", token: nil).body)
            // Then
            let requests = Self.samples(of: "hb_requests", in: text)
            func count(status: Int, method: String = "GET", route: (String) -> Bool) -> Double {
                requests.filter {
                    $0.labels["http_response_status_code"] == String(status) && $0.labels["http_request_method"] == method
                        && route($0.labels["http_route"] ?? "")
                }.map(\.value).reduce(0, +)
            }
            #expect(count(status: 401) { $0 == "/v1/sources" } == 1)
            #expect(count(status: 404) { $0.contains("items") } == 1)
            #expect(count(status: 404) { $0 == "NotFound" } == 1)
            #expect(count(status: 201, method: "POST") { $0 == "/v1/orders" } == 1)
            #expect(count(status: 422, method: "POST") { $0 == "/v1/orders" } == 1)
            #expect(count(status: 500) { $0.contains("items") } == 1)
            // Exactly one 500 in all, the broken source's: no customer error was counted as one.
            #expect(requests.filter { $0.labels["http_response_status_code"] == "500" }.map(\.value).reduce(0, +) == 1)
            let errors = Self.samples(of: "hb_request_errors", in: text)
            #expect(errors.map(\.labels["error_type"]) == ["500"])
            #expect(errors.map(\.value) == [1])
            // Durations are recorded under the same labels.
            #expect(Self.samples(of: "http_server_request_duration_count", in: text).contains {
                $0.labels["http_response_status_code"] == "422" && $0.value == 1
            })
        }
    }

    @Test("a rate-limited request counts as 429 and a CORS refusal as 403, with their own statuses")
    func refusalsByOuterMiddleware() async throws {
        try await ServiceHarness.run(configure: { $0.limits.requestsPerMinute = 1 }) { harness in
            // When: the second request from this address in the minute is refused
            _ = try await harness.get("/v1/sources", token: nil)
            let limited = try await harness.get("/v1/sources", token: nil)
            #expect(limited.status == .tooManyRequests)
            let preflight = try await harness.client.execute(
                uri: "/v1/sources", method: .options,
                headers: [.origin: "https://evil.example", .accessControlRequestMethod: "GET"])
            #expect(preflight.status == .forbidden)
            // The scrape carries a token of its own, so this address's spent budget does not refuse it.
            let scrape = try await harness.get("/metrics", token: "metrics-scraper")
            #expect(scrape.status == .ok)
            let text = String(buffer: scrape.body)
            // Then
            let statuses = Self.samples(of: "hb_requests", in: text).map { $0.labels["http_response_status_code"] ?? "" }
            #expect(statuses.contains("429"))
            #expect(statuses.contains("403"))
            #expect(!statuses.contains("500"))
        }
    }
}
