public import Foundation
public import PhotoNetworking
import PhotoSourceKit

/// Uploads each asset of an order as one `multipart/form-data` POST to an endpoint of the shop's
/// or a partner's: PhotoSubmitter's HTTP upload, with its two queue modes (``QueueMode``).
///
/// Each POST carries the file (part `file`) and the fields `orderId`, `reference`, `index`,
/// `md5`, `copies` and `product`, plus an `Idempotency-Key` header (`<delivery key>-<index>`,
/// the same on every attempt). A 2xx acknowledges the item; any other 4xx fails that item
/// alone; 5xx, 408, 429 and connection failures end the attempt with a thrown error so the
/// pipeline retries later, sending only what was not acknowledged.
///
/// **At-least-once.** Each acknowledgement is recorded durably before the next upload starts,
/// but an upload in flight when the service dies (or its answer lost on the way back) is sent
/// again on the next attempt: no HTTP sender can know whether the receiver kept a POST whose
/// answer never came. So receivers must de-duplicate on `Idempotency-Key`, as Stripe's and
/// Prodigi's APIs do (`DemoUploadReceiver` in SampleSources shows how). The folder and print-lab
/// destinations land exactly once without the receiver's help.
public struct HTTPUploadDestination: OrderDestination {
    /// How items are sent.
    public enum QueueMode: Sendable, Hashable {
        /// Up to `maximum` uploads at once.
        case concurrent(maximum: Int)
        /// One upload at a time, waiting `spacing` after each before the next starts.
        case sequential(spacing: Duration)

        /// Six at once, PhotoSubmitter's default.
        public static let standard = QueueMode.concurrent(maximum: 6)
    }

    /// One configured upload endpoint.
    public struct Configuration: Sendable, Hashable {
        /// The destination id.
        public var id: String
        /// The endpoint every item is POSTed to; its origin is allow-listed for the client.
        public var url: URL
        /// Concurrent or sequential.
        public var mode: QueueMode
        /// Extra headers for every request (for example `Authorization`); never logged.
        public var headers: [String: String]
        /// How long one upload may take, body included.
        public var timeout: Duration

        /// Creates a configuration.
        public init(id: String, url: URL, mode: QueueMode = .standard, headers: [String: String] = [:], timeout: Duration = .seconds(300)) {
            self.id = id
            self.url = url
            self.mode = mode
            self.headers = headers
            self.timeout = timeout
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// The configured id.
    public var id: String { configuration.id }
    /// `httpUpload`.
    public var kind: String { "httpUpload" }

    let client: HTTPClient
    let options: HTTPOptions
    /// Waits between sequential uploads (a test records the calls instead of sleeping).
    let pause: @Sendable (Duration) async throws -> Void

    /// Creates the destination; `url`'s origin is the only one besides public addresses that the
    /// client may reach. Throws `.invalidData` for a URL that is not http(s) or a bad concurrency.
    public init(_ configuration: Configuration, client: HTTPClient = .shared) throws {
        try self.init(configuration, client: client, pause: { try await Task.sleep(for: $0) })
    }

    init(_ configuration: Configuration, client: HTTPClient, pause: @escaping @Sendable (Duration) async throws -> Void) throws {
        if case .concurrent(let maximum) = configuration.mode, maximum < 1 {
            throw PhotoSourceError(.invalidData, "Destination \(configuration.id): concurrency must be at least 1, not \(maximum).")
        }
        self.configuration = configuration
        self.client = client
        self.pause = pause
        options = try OutboundEndpoint.options(for: configuration.url, owner: "destination \(configuration.id)", timeout: configuration.timeout)
    }

    /// Uploads every asset not yet acknowledged, reporting each through `progress` as soon as
    /// its answer arrives and before its queue slot takes the next asset (``send(_:each:)``).
    public func deliver(
        _ delivery: OrderDelivery, progress: @escaping @Sendable ([ItemDeliveryResult]) async throws -> Void
    ) async throws -> DeliveryOutcome {
        let pending = delivery.assets.filter { !delivery.acknowledged.contains($0.index) }.sorted { $0.index < $1.index }
        let results = try await send(pending) { asset in
            let result = try await upload(asset, of: delivery)
            try await progress([result])
            return result
        }
        return Self.outcome(results, acknowledgedBefore: delivery.acknowledged.count)
    }

    /// The outcome once every pending item has a result.
    static func outcome(_ results: [ItemDeliveryResult], acknowledgedBefore: Int) -> DeliveryOutcome {
        let failed = results.filter { !$0.delivered }
        if failed.isEmpty { return .delivered }
        if failed.count == results.count, acknowledgedBefore == 0, let first = failed.first {
            return .failed(code: first.errorCode ?? "invalid-data", message: first.message ?? "The endpoint refused every item.")
        }
        return .partiallyDelivered
    }
}
