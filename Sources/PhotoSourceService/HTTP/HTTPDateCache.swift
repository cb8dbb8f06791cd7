import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header's value (IMF-fixdate, RFC 9110 §5.6.7), formatted once a second.
///
/// Hummingbird adds `Date` to the router's responses from a cache of its own that it does not
/// export; the signed-thumbnail fast path answers before it, so it keeps this one.
final class HTTPDateCache: Sendable {
    private let cached = Mutex<(second: Int, text: String)>((-1, ""))

    /// A cache that formats on first use.
    init() {}

    /// The current time as an HTTP date.
    var now: String {
        let second = Int(Date().timeIntervalSince1970)
        return cached.withLock { cached in
            if cached.second != second { cached = (second, Self.format(second)) }
            return cached.text
        }
    }

    /// `seconds` since 1970 as an IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
