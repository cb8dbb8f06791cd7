import Foundation
import PhotoSourceKit
@testable import PhotoSourceService
import Testing

@Suite("Where a PostgreSQL store is: the database URL and its password")
struct PostgresLocationTests {
    @Test("a URL gives host, port, user, database and sslmode; the password never shows in its description")
    func parses() throws {
        let location = try PostgresLocation(url: "postgres://shop:s%40cret@db.internal:6543/photosource?sslmode=require")
        #expect(location.host == "db.internal")
        #expect(location.port == 6543)
        #expect(location.username == "shop")
        #expect(location.password == "s@cret")
        #expect(location.database == "photosource")
        #expect(location.tls == .require)
        #expect(!location.description.contains("cret"))
        let defaults = try PostgresLocation(url: "postgresql://shop@db/photosource", password: "from-env")
        #expect(defaults.port == 5432)
        #expect(defaults.tls == .prefer)
        #expect(defaults.password == "from-env")
    }

    @Test("a URL without user or database, or with an unknown sslmode, is refused saying what is missing", arguments: [
        "mysql://shop@db/photosource", "postgres://db/photosource", "postgres://shop@db", "postgres://shop@db/p?sslmode=maybe",
    ])
    func refuses(_ url: String) {
        #expect(PostgresLocation.problem(url) != nil)
    }

    @Test("the configuration reads database and databasePassword; PHOTOSOURCE_DATABASE_URL and PHOTOSOURCE_DATABASE_PASSWORD override them; a bad URL is a problem at $.database")
    func configuration() throws {
        let url = try ConfigurationTests.file("""
            {\(OrderConfigurationTests.keys), "database": "postgres://shop@db/photosource", "databasePassword": "in-file"}
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try ServiceConfiguration.load(file: url, environment: [:]).configuration
        #expect(file.database == "postgres://shop@db/photosource")
        #expect(file.databasePassword == "in-file")
        let overridden = try ServiceConfiguration.load(
            file: url, environment: ["PHOTOSOURCE_DATABASE_URL": "postgres://other@db2/ps", "PHOTOSOURCE_DATABASE_PASSWORD": "from-env"]
        ).configuration
        #expect(overridden.database == "postgres://other@db2/ps")
        #expect(overridden.databasePassword == "from-env")
        let refused = #expect(throws: PhotoSourceError.self) {
            try ServiceConfiguration.load(file: url, environment: ["PHOTOSOURCE_DATABASE_URL": "postgres://db2/ps"])
        }
        #expect(refused?.message.contains("database") == true)
    }
}
