import Foundation
import NIOCore
import SQLiteNIO

/// A ``StoreConnection`` over one sqlite-nio connection: binds and rows converted from and to
/// ``StoreValue`` (SQLite takes `?` placeholders as written).
struct SQLiteStoreConnection: StoreConnection {
    let connection: SQLiteConnection

    var dialect: StoreDialect { .sqlite }

    func query(_ sql: String, _ binds: [StoreValue]) async throws -> [StoreRow] {
        try await connection.query(sql, binds.map(Self.data)).map(Self.row)
    }

    private static func data(_ value: StoreValue) -> SQLiteData {
        switch value {
        case .text(let text): .text(text)
        case .integer(let integer): .integer(integer)
        case .double(let double): .float(double)
        case .blob(let data): .blob(ByteBuffer(bytes: data))
        case .null: .null
        }
    }

    private static func row(_ row: SQLiteRow) -> StoreRow {
        var values: [String: StoreValue] = [:]
        for column in row.columns where values[column.name] == nil {
            values[column.name] = switch column.data {
            case .text(let text): .text(text)
            case .integer(let integer): .integer(integer)
            case .float(let double): .double(double)
            case .blob(let buffer): .blob(Data(buffer.readableBytesView))
            case .null: .null
            }
        }
        return StoreRow(values: values)
    }
}
