import Foundation

/// One row a store query returned, by column name, with typed access that reads the same on
/// both engines (SQLite's dynamic types and PostgreSQL's declared ones).
struct StoreRow: Sendable {
    /// The row's values by column name (lower case, as the queries name them).
    let values: [String: StoreValue]

    /// The text in `column`, or `nil` when it is null or not text.
    func string(_ column: String) -> String? {
        if case .text(let text) = values[column] { return text }
        return nil
    }

    /// The integer in `column` (a whole double counts), or `nil`.
    func int(_ column: String) -> Int? {
        switch values[column] {
        case .integer(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The number in `column` as a double (an integer counts), or `nil`.
    func double(_ column: String) -> Double? {
        switch values[column] {
        case .double(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The bytes in `column`, or `nil`.
    func data(_ column: String) -> Data? {
        if case .blob(let data) = values[column] { return data }
        return nil
    }

    /// The date (seconds since 1970) in `column`, or `nil`.
    func date(_ column: String) -> Date? {
        double(column).map(Date.init(timeIntervalSince1970:))
    }
}
