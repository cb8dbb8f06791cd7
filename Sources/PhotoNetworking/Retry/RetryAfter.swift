import Foundation

/// Parses the `Retry-After` header: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
enum RetryAfter {
    /// The delay the header asks for, relative to `now`; `nil` when missing or malformed.
    /// A date in the past means "now" (zero).
    static func delay(from value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCIIDigit) {
            guard let seconds = Int(value.prefix(9)) else { return nil }
            return .seconds(seconds)
        }
        guard let date = httpDate(value) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// Parses the IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`) and the two obsolete forms.
    static func httpDate(_ text: String) -> Date? {
        // HTTP dates are printable ASCII. Anything else must not reach DateFormatter: corelibs
        // Foundation traps ("Incorrect range CFRange") on a combining mark such as U+07B0, so a
        // server could crash the client with one header (found by `make fuzz`, retry-after).
        guard text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
