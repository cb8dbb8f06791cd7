import Foundation
import HTTPTypes
import HummingbirdTesting
import PhotoSourceService
import Testing

@Suite("photosource serve with its state on PostgreSQL")
struct PostgresServiceTests {
    @Test("with database set, the service keeps its sessions in PostgreSQL and /v1/ready answers 200 after a round trip there")
    func serviceUsesTheDatabase() async throws {
        let url = try await PostgresServer.shared().makeDatabase()
        try await ServiceHarness.run(configure: { $0.database = url }) { harness in
            // When
            let session = try await harness.newSession()
            let ready = try await harness.get("/v1/ready", token: nil)

            // Then: another store on the same database (another instance) sees the session
            #expect(ready.status == .ok)
            let other = try await SQLServiceStore.open(postgres: url)
            #expect(try await other.session(id: session.id, now: Date()) != nil)
            try await other.close()
        }
    }
}
