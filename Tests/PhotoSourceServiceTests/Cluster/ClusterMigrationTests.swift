import Foundation
@testable import PhotoSourceService
import Testing

/// Instances starting together on an empty PostgreSQL database.
@Suite("Two instances migrating one database")
struct ClusterMigrationTests {
    @Test("both instances starting at once on an empty database migrate it once and both serve")
    func migrateOnce() async throws {
        let library = try TestLibrary()
        defer { library.remove() }
        let server = try await PostgresServer.shared()
        let database = try await server.makeDatabase()
        let folder = library.stateFolder.deletingLastPathComponent()
        let members = #""sources": ["local:\#(library.root.path)"], "database": "\#(database)""#
        // When: both start at the same moment
        async let first = ServeProcessTests.start(state: folder.appendingPathComponent("a"), configuration: members)
        async let second = ServeProcessTests.start(state: folder.appendingPathComponent("b"), configuration: members)
        let instances = try await [first, second]
        // Then: each step is recorded once, and both answer on the one schema
        let psql = server.binaries.appendingPathComponent("psql").path
        let name = String(try #require(database.split(separator: "/").last?.split(separator: "?").first))
        let recorded = try NginxProxy.run(psql, [
            "-h", "127.0.0.1", "-p", "\(server.port)", "-U", server.user, "-d", name, "-At",
            "-c", "SELECT count(*), count(DISTINCT version), max(version) FROM schema_migrations",
        ])
        let steps = StoreMigrations.steps.count
        #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == "\(steps)|\(steps)|\(steps)")
        for instance in instances {
            let (status, _, text) = try await OrderCrashTests.call(instance, "/v1/sessions", method: "POST", token: ServiceHarness.apiKey)
            #expect(status == 201, "\(text)")
            try await OrderCrashTests.stop(instance)
        }
    }
}
