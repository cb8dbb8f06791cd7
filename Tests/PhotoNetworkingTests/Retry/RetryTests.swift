import Foundation
import Testing
@testable import PhotoNetworking

@Suite("Retry policy and Retry-After")
struct RetryTests {
    @Test func retryAfterSeconds() {
        #expect(RetryAfter.delay(from: "1") == .seconds(1))
        #expect(RetryAfter.delay(from: " 120 ") == .seconds(120))
    }

    @Test func retryAfterHTTPDate() throws {
        let now = try #require(RetryAfter.httpDate("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:50:07 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.delay(from: "Sunday, 06-Nov-94 08:49:47 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.delay(from: "Sun Nov  6 08:49:39 1994", now: now) == .seconds(2))
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero)
    }

    @Test(arguments: [nil, "", "soon", "-5", "1.5"])
    func malformedRetryAfterIsIgnored(value: String?) {
        #expect(RetryAfter.delay(from: value) == nil)
    }

    @Test("a Retry-After date with non-ASCII text is ignored, not a crash (fuzz regression)", arguments: [
        "Wed- 21\u{07B0}ct 2026 07:28:00 GMT",  // the fuzzer's input: DateFormatter trapped on it
        "Sun, 06 Nov 1994 08:49:37 GMT\u{0301}", "Sun, 06 Nov\r\n1994 08:49:37 GMT",
    ])
    func nonASCIIRetryAfterIsIgnored(value: String) {
        #expect(RetryAfter.delay(from: value) == nil)
    }

    @Test func backoffDoublesWithAtMostHalfTakenOffByJitter() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(100))
        #expect(policy.backoff(after: 1, random: 0) == .milliseconds(100))
        #expect(policy.backoff(after: 2, random: 0) == .milliseconds(200))
        #expect(policy.backoff(after: 3, random: 0) == .milliseconds(400))
        #expect(policy.backoff(after: 3, random: 0.999) > .milliseconds(200))
        for _ in 0..<100 {
            let delay = policy.backoff(after: 2)
            #expect(delay > .milliseconds(100) && delay <= .milliseconds(200))
        }
    }

    @Test func presets() {
        #expect(RetryPolicy.none.maxAttempts == 1)
        #expect(RetryPolicy.default.maxAttempts == 3)
        #expect(RetryPolicy.default.maxRetryAfter == .seconds(60))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }
}
