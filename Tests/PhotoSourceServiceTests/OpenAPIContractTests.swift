import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PhotoImaging
import PhotoSourceService
import Prometheus
import SampleSources
import Testing

@Suite("The OpenAPI contract")
struct OpenAPIContractTests {
    /// `METHOD /path/{param}` for every operation in openapi.yaml (read from the repository root).
    static func specOperations() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        var operations: Set<String> = []
        var inPaths = false
        var path: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                // Hummingbird routes `/picker` and `/picker/` alike; the spec names the page `/picker/`.
                let declared = line.dropFirst(2).dropLast()
                path = declared.count > 1 && declared.hasSuffix("/") ? String(declared.dropLast()) : String(declared)
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("    "), !line.hasPrefix("     "), let path,
               ["get:", "post:", "delete:", "put:", "patch:", "head:", "options:"].contains(trimmed) {
                operations.insert("\(trimmed.dropLast().uppercased()) \(path)")
            }
        }
        return operations
    }

    /// The router's routes in the spec's notation (`:name` → `{name}`, the item catch-all → `{itemId}`),
    /// over a real SQLite store, so the routes mounted only where orders are kept are there too,
    /// and with the "Uploads" source, so the tus routes are there.
    static func routerOperations() async throws -> Set<String> {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let store = try await SQLiteServiceStore.open(file: state.appendingPathComponent("service.sqlite"))
        do {
            let configuration = ServiceHarness.configuration(state: state)
            let dependencies = try ServiceDependencies(
                configuration: configuration, store: store, catalog: SourceCatalog([.uploads(UploadStore(configuration))]),
                thumbnails: ThumbnailCache())
            let router = buildRouter(dependencies, metrics: PrometheusCollectorRegistry())
            try await store.close()
            return Set(router.routes.map { route in
                let path = route.path.description
                    .replacingOccurrences(of: "/**", with: "/{itemId}")
                    .split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
                return "\(route.method.rawValue) /\(path)"
            })
        } catch {
            try? await store.close()
            throw error
        }
    }

    @Test("every route the router has is in openapi.yaml, and every operation there is routed")
    func routesMatchSpec() async throws {
        let spec = try Self.specOperations()
        let routes = try await Self.routerOperations()
        #expect(spec.count >= 10)
        #expect(spec.contains("POST /v1/destinations/{destination}/callbacks"))
        #expect(routes.subtracting(spec).isEmpty, "routed but not in the spec: \(routes.subtracting(spec))")
        #expect(spec.subtracting(routes).isEmpty, "in the spec but not routed: \(spec.subtracting(routes))")
    }

    @Test("every flow mapping in openapi.yaml is key: value, so no description is split into keys at its commas")
    func flowMappingsAreWhole() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(text.contains("{type: string, description:"))
        #expect(YAMLFlowMappings.problems(in: text) == [])
        // The line that once split into keys `downloaded`, `printed` and `shipped).` is caught.
        let split = "      stage: {type: string, description: The last stage (received, downloaded, printed, shipped).}"
        let problems = YAMLFlowMappings.problems(in: split)
        for key in ["downloaded", "printed", "shipped)."] {
            #expect(problems.contains { $0.hasPrefix("line 1: ") && $0.contains("\"\(key)\"") }, "\(problems)")
        }
        #expect(YAMLFlowMappings.problems(in: "      stage: {type: string, description: 'The last stage (received, printed).'}") == [])
    }

    @Test("GET /openapi.yaml serves the repository's document")
    func servesSpec() async throws {
        try await ServiceHarness.run { harness in
            let response = try await harness.get("/openapi.yaml", token: nil)
            #expect(response.status == .ok)
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            #expect(String(buffer: response.body) == (try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)))
            #expect(try await harness.get("/metrics", token: nil).status == .ok)
        }
    }
}

/// A store for tests that never touch it.
struct NoStore: ServiceStore {
    func createSession(_ session: CustomerSession) async throws {}
    func touchSession(tokenHash: String, now: Date, lifetime: TimeInterval) async throws -> CustomerSession? { nil }
    func session(id: String, now: Date) async throws -> CustomerSession? { nil }
    func session(tokenHash: String, now: Date) async throws -> CustomerSession? { nil }
    func deleteSession(id: String) async throws {}
    func signIn(session: String, source: String) async throws -> Data? { nil }
    func saveSignIn(session: String, source: String, sealed: Data) async throws {}
    func deleteSignIn(session: String, source: String) async throws {}
    func saveAuthorization(_ pending: PendingAuthorization) async throws {}
    func takeAuthorization(state: String, now: Date) async throws -> PendingAuthorization? { nil }
    func idempotentResponse(session: String, key: String) async throws -> IdempotencyRecord? { nil }
    func saveIdempotentResponse(_ record: IdempotencyRecord) async throws {}
    func purgeExpired(now: Date) async throws -> Int { 0 }
}
