import Foundation
import PhotoSourceKit

/// Where a PostgreSQL store is: parsed from `postgres://user[:password]@host[:port]/database[?sslmode=…]`.
/// Its ``description`` never shows the password.
struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is secured: `sslmode` `disable`, `prefer` (the default) or `require`.
    enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String
    var tls: TLSMode

    /// Whether `text` names a PostgreSQL database (`postgres://` or `postgresql://`).
    static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `url`; `password`, when given (from the environment or a file), takes the place of
    /// one in the URL.
    ///
    /// - Throws: `.invalidData` naming what is missing or wrong, without the password.
    init(url: String, password: String? = nil) throws {
        guard Self.isPostgres(url), let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw PhotoSourceError(
                .invalidData, "The database URL must look like postgres://user@host:5432/database (the password may come from PHOTOSOURCE_DATABASE_PASSWORD).")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PhotoSourceError(.invalidData, "The database URL names no user: postgres://USER@\(host)/….")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else {
            throw PhotoSourceError(.invalidData, "The database URL names no database: postgres://\(user)@\(host)/DATABASE.")
        }
        let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else {
            throw PhotoSourceError(.invalidData, "The database URL's sslmode \(mode) is not one of disable, prefer, require.")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = password ?? components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database
        self.tls = tls
    }

    /// What is wrong with `url` as a database location (for the configuration's problems), or `nil`.
    static func problem(_ url: String) -> String? {
        do {
            _ = try PostgresLocation(url: url)
            return nil
        } catch let error as PhotoSourceError {
            return "is not usable: \(error.message)"
        } catch {
            return "is not usable: \(error)"
        }
    }

    /// The URL without its password, for logs and errors.
    var description: String {
        "postgres://\(username)@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }
}
