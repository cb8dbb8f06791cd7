import Foundation
import Logging
import NIOCore
import PostgresNIO

/// A ``StoreConnection`` on PostgreSQL: one leased connection (inside a transaction), or the
/// pool itself, where each statement leases a connection of its own. Placeholders are rewritten
/// to `$1…`; rows are read by the column types PostgreSQL declares; a full disk's refusal
/// becomes `.storageFull` (``PostgresFailure``).
struct PostgresStoreConnection: StoreConnection {
    enum Target: Sendable {
        case pool(PostgresClient)
        case connection(PostgresConnection)
    }

    let target: Target
    let logger: Logger

    var dialect: StoreDialect { .postgres }

    func query(_ sql: String, _ binds: [StoreValue]) async throws -> [StoreRow] {
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds {
            switch value {
            case .text(let text): bindings.append(text)
            case .integer(let integer): bindings.append(integer)
            case .double(let double): bindings.append(double)
            case .blob(let data): bindings.append(ByteBuffer(bytes: data))
            case .null: bindings.appendNull()
            }
        }
        let query = PostgresQuery(unsafeSQL: dialect.placeholders(sql), binds: bindings)
        let rows: [PostgresRow]
        do {
            rows = switch target {
            case .pool(let client): try await client.query(query, logger: logger).collect()
            case .connection(let connection): try await connection.query(query, logger: logger).collect()
            }
        } catch {
            throw PostgresFailure.translated(error)
        }
        return try rows.map(Self.row)
    }

    private static func row(_ row: PostgresRow) throws -> StoreRow {
        var values: [String: StoreValue] = [:]
        for cell in row where values[cell.columnName] == nil {
            values[cell.columnName] = try value(cell)
        }
        return StoreRow(values: values)
    }

    private static func value(_ cell: PostgresCell) throws -> StoreValue {
        guard let bytes = cell.bytes else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int.self))
        case .float4, .float8: return .double(try cell.decode(Double.self))
        case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea: return .blob(Data(bytes.readableBytesView))
        default: return .text(try cell.decode(String.self))
        }
    }
}
