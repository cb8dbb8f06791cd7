import Foundation
import PhotoNetworking

/// Fetches a list of URLs through one ``HTTPClient`` with a fixed number in flight.
struct FetchRun {
    let urls: [URL]
    let trustedOrigin: String
    let concurrency: Int

    /// Wall time, successful requests and body bytes.
    func run() async throws -> (seconds: Double, requests: Int, bytes: Int) {
        let client = HTTPClient()
        let options = HTTPOptions(addressPolicy: try .trusting(origins: [trustedOrigin]))
        let start = ContinuousClock.now
        let (requests, bytes) = try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0
            var requests = 0
            var bytes = 0
            func launch() {
                let url = urls[next]
                next += 1
                group.addTask { try await client.send(HTTPRequest(url: url, options: options)).body.count }
            }
            while next < min(concurrency, urls.count) { launch() }
            while let count = try await group.next() {
                requests += 1
                bytes += count
                if next < urls.count { launch() }
            }
            return (requests, bytes)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds, requests, bytes)
    }
}
