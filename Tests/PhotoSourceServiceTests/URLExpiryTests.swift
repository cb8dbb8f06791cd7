import Foundation
@testable import PhotoSourceService
import Testing

@Suite("Signed URL expiry")
struct URLExpiryTests {
    @Test("URLs made within one step share their expiry, and each lives at least its lifetime", arguments: [3, 600, 86_400, 7 * 86_400])
    func stepped(lifetime: Int) {
        let step = Int64(max(1, min(lifetime / 8, 3600)))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var distinct = Set<Int64>()
        for offset in stride(from: 0, through: Int(step) * 3, by: max(1, Int(step) / 4)) {
            let now = start.addingTimeInterval(Double(offset))
            let expires = ItemsController.expiry(seconds: lifetime, now: now)
            // Then: never shorter than the lifetime, never longer than lifetime + one step
            #expect(expires >= Int64(now.timeIntervalSince1970) + Int64(lifetime))
            #expect(expires < Int64(now.timeIntervalSince1970) + Int64(lifetime) + step)
            #expect(expires % step == 0)
            distinct.insert(expires)
        }
        // Three steps of requests give at most four distinct URLs' expiries, not one per second.
        #expect(distinct.count <= 4)
    }
}
