import Foundation
import Logging
import PhotoSourceKit
import PhotoSourceService
import Testing

@Suite("Orders: destinations and order settings in the configuration")
struct OrderConfigurationTests {
    static let keys = """
        "signingKeys": ["\(ServiceHarness.key(1))"], "sealingKey": "\(ServiceHarness.key(2))",
        "apiKeyHashes": ["sha256:\(ServiceHarness.sha256Hex("k"))"]
        """

    @Test("a service that cannot start (a destination of an unknown kind) says why and closes the store it opened")
    func unstartableClosesItsStore() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-unstartable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        var configuration = ServiceHarness.configuration(state: state)
        configuration.destinations = [DestinationConfiguration(id: "pigeon", kind: "carrierPigeon")]
        // When: the store is opened, then the destinations refuse (an open store left behind traps
        // in SQLiteNIO's debug builds as it deinitialises, which would end this test process)
        let error = await #expect(throws: PhotoSourceError.self) {
            _ = try await buildApplication(ServiceArguments(configuration: configuration))
        }
        // Then
        #expect(error?.message.contains("carrierPigeon") == true)
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("service.sqlite").path))
    }

    @Test("without a file there is one enabled folder destination under $XDG_DATA_HOME/photosource/orders")
    func noConfigDefault() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("svc-orders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let loaded = try ServiceConfiguration.load(file: nil, environment: ["XDG_STATE_HOME": state.path, "XDG_DATA_HOME": "/srv/data"])
        #expect(loaded.configuration.destinations == [.folder(id: "folder", root: "/srv/data/photosource/orders")])
        #expect(loaded.configuration.orders == OrderSettings())
    }

    @Test("several accounts per kind, each enabled or not, keep their own fields; only enabled ones are built")
    func accountsAndKinds() throws {
        let url = try ConfigurationTests.file("""
            {\(Self.keys), "destinations": [
              {"id": "main", "kind": "folder", "root": "/srv/orders"},
              {"id": "backup", "kind": "folder", "root": "/srv/backup", "enabled": false},
              {"id": "lab", "kind": "printLab", "enabled": false, "endpoint": "https://lab.example", "retries": 3}],
             "orders": {"leaseSeconds": 5, "workers": 4}}
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let configuration = try ServiceConfiguration.load(file: url, environment: [:]).configuration
        #expect(configuration.destinations.map(\.id) == ["main", "backup", "lab"])
        #expect(configuration.destinations.map(\.enabled) == [true, false, false])
        guard case .object(let lab) = configuration.destinations[2].settings else { Issue.record("not an object"); return }
        #expect(lab["endpoint"] == .string("https://lab.example"))
        #expect(lab["retries"] == .number(3))
        #expect(configuration.orders.leaseSeconds == 5)
        #expect(configuration.orders.workers == 4)
        #expect(configuration.orders.maximumAttempts == OrderSettings().maximumAttempts)
        let context = OrderDestinationContext(
            configuration: configuration, statusSink: NoSink(), logger: Logger(label: "test"))
        let built = try OrderDestinationKinds.build(configuration, context: context)
        #expect(built.keys.sorted() == ["main"])
        #expect((built["main"] as? FolderDestination)?.root.path == "/srv/orders")
    }

    @Test("an unknown kind, a folder without root, or a repeated id is refused with a sentence naming it")
    func refusesBadDestinations() throws {
        var configuration = ServiceHarness.configuration(state: FileManager.default.temporaryDirectory)
        let context = OrderDestinationContext(configuration: configuration, statusSink: NoSink(), logger: Logger(label: "test"))
        configuration.destinations = [DestinationConfiguration(id: "x", kind: "carrierPigeon")]
        let unknown = #expect(throws: PhotoSourceError.self) { try OrderDestinationKinds.build(configuration, context: context) }
        #expect(unknown?.message.contains("carrierPigeon") == true)
        configuration.destinations = [DestinationConfiguration(id: "f", kind: "folder")]
        let rootless = #expect(throws: PhotoSourceError.self) { try OrderDestinationKinds.build(configuration, context: context) }
        #expect(rootless?.message.contains("\"f\"") == true)
        let url = try ConfigurationTests.file("""
            {\(Self.keys), "destinations": [{"id": "a", "kind": "folder", "root": "/a"}, {"id": "a", "kind": "folder", "root": "/b"}]}
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let repeated = #expect(throws: PhotoSourceError.self) { try ServiceConfiguration.load(file: url, environment: [:]) }
        #expect(repeated?.message.contains("destinations") == true)
    }
}

/// A status sink for destinations that never report.
struct NoSink: OrderStatusSink {
    func destinationReported(_ report: DestinationReport) async throws -> DestinationReportOutcome { .applied }
}
