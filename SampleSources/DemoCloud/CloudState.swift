import Foundation
import Synchronization

/// The switches and counters a ``DemoCloud`` keeps across restarts: faults and statistics.
final class CloudControls: Sendable {
    let faults = Mutex(DemoCloud.Faults.none)
    let statistics = Mutex(DemoCloud.Statistics())

    /// Counts one request to `endpoint`.
    func count(_ endpoint: DemoCloud.Endpoint) {
        statistics.withLock { $0.requests[endpoint, default: 0] += 1 }
    }

    /// Updates the statistics.
    func record(_ update: (inout DemoCloud.Statistics) -> Void) {
        statistics.withLock { update(&$0) }
    }
}

/// Everything one run of the server shares between requests.
final class CloudState: Sendable {
    let configuration: DemoCloud.Configuration
    let catalog: DemoCatalog
    /// The origin the server is reachable at (photo URLs, the device verification URL); set once
    /// the listening port is known.
    let origin = Mutex("http://127.0.0.1")
    let controls: CloudControls
    let renderer: DemoPhotoRenderer
    let tokens = Mutex(TokenRegistry())
    let clock = ContinuousClock()
    /// Set when the server stops, so that requests sleeping on purpose (latency, slow drip)
    /// end at once instead of holding the shutdown up.
    let isStopping = Atomic(false)

    /// - Throws: when the configuration's photo folder cannot be listed.
    init(configuration: DemoCloud.Configuration, controls: CloudControls) throws {
        self.configuration = configuration
        self.catalog = try DemoCatalog(configuration: configuration)
        self.controls = controls
        self.renderer = DemoPhotoRenderer(thumbnailLongSide: configuration.thumbnailLongSide)
    }

    /// Sleeps for `duration` in short steps; throws as soon as the server is stopping.
    @Sendable func pause(_ duration: Duration) async throws {
        let deadline = clock.now.advanced(by: duration)
        while clock.now < deadline {
            if isStopping.load(ordering: .relaxed) { throw CloudResponses.ConnectionCut() }
            try await Task.sleep(for: min(.milliseconds(50), deadline - clock.now))
        }
    }

    /// `path` (starting with `/`) on the server.
    func url(_ path: String) -> String {
        origin.withLock { $0 } + path
    }
}
