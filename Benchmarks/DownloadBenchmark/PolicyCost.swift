import Foundation
import PhotoNetworking

/// How much the address policy adds per request: `isAllowed(ipAddress:for:)` (run at connect
/// time) and `check(url:)` (run before every hop), on a mix of public and refused inputs.
/// Pure computation: nothing is resolved or connected to.
struct PolicyCost {
    let iterations: Int

    func measure() -> [String] {
        let policy = AddressPolicy.publicOnly
        let url = URL(string: "https://photos.example/thumbs/1.jpg")!
        let addresses = ["93.184.216.34", "10.0.0.1", "2606:4700:4700::1111", "::ffff:127.0.0.1", "169.254.169.254", "8.8.8.8"]
        let urls = ["https://photos.example/a.jpg", "http://127.1/", "https://cdn.example:8443/t/1.jpg?size=256", "http://[::1]/"]
            .map { URL(string: $0)! }
        var allowed = 0
        let addressTime = time {
            for index in 0..<iterations where policy.isAllowed(ipAddress: addresses[index % addresses.count], for: url) {
                allowed += 1
            }
        }
        var passed = 0
        let urlTime = time {
            for index in 0..<iterations / 10 where (try? policy.check(url: urls[index % urls.count])) != nil {
                passed += 1
            }
        }
        return [
            String(format: "isAllowed(ipAddress:for:) %.0f ns/call (%d of %d allowed)", addressTime / Double(iterations) * 1e9, allowed, iterations),
            String(format: "check(url:) %.0f ns/call (%d of %d passed)", urlTime / Double(iterations / 10) * 1e9, passed, iterations / 10),
        ]
    }

    private func time(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
