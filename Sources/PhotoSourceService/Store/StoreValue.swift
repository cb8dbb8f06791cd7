import Foundation

/// A value bound to, or read from, a store query, whichever engine runs it: the few types the
/// store's columns use. Dates are stored as seconds since 1970 (``date(_:)``).
enum StoreValue: Sendable, Hashable {
    case text(String)
    case integer(Int)
    case double(Double)
    case blob(Data)
    case null

    /// A date as the store keeps it: seconds since 1970, as a double.
    static func date(_ date: Date) -> StoreValue { .double(date.timeIntervalSince1970) }

    /// `.text`, or `.null` when there is no text.
    static func text(_ text: String?) -> StoreValue { text.map { .text($0) } ?? .null }

    /// `.date`, or `.null` when there is no date.
    static func date(_ date: Date?) -> StoreValue { date.map { .date($0) } ?? .null }

    /// A flag as both engines compare it: `1` or `0` in an integer column.
    static func flag(_ on: Bool) -> StoreValue { .integer(on ? 1 : 0) }
}
