import Foundation

/// How many times slower than a plain debug build this test run may be:
/// `PHOTOSOURCE_TEST_TIME_SCALE` (`make sanitize` sets 3 for AddressSanitizer and 10 for
/// ThreadSanitizer), 1 when unset.
///
/// A test whose outcome depends on one thing being slower than another (a lease that must
/// outlast an attempt, a slow provider that must still be fetching when the test acts) stretches
/// that duration by this factor, so a sanitizer build checks the same ordering instead of losing
/// the race. Assertions stay as they are; only the waits and latencies they rely on grow.
enum TestTime {
    static let scale: Int = {
        guard let value = ProcessInfo.processInfo.environment["PHOTOSOURCE_TEST_TIME_SCALE"].flatMap(Int.init) else { return 1 }
        return max(1, value)
    }()

    /// `duration` stretched by ``scale``.
    static func scaled(_ duration: Duration) -> Duration { duration * scale }

    /// `seconds` stretched by ``scale``.
    static func scaled(seconds: Double) -> Double { seconds * Double(scale) }
}
