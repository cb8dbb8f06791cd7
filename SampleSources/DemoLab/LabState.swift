import Foundation
import PhotoNetworking
import Synchronization

/// The switches, counters and orders a ``DemoLab`` keeps across restarts.
final class LabControls: Sendable {
    let faults = Mutex(DemoLab.Faults.none)
    let statistics = Mutex(DemoLab.Statistics())
    let orders = Mutex(LabOrderBook())

    /// Updates the statistics.
    func record(_ update: (inout DemoLab.Statistics) -> Void) {
        statistics.withLock { update(&$0) }
    }
}

/// Orders by id, and which idempotency key made which order.
struct LabOrderBook: Sendable {
    var records: [String: DemoLab.OrderRecord] = [:]
    var idsByKey: [String: String] = [:]
    private var lastNumber = 0

    /// The existing order for `key`, or a new record (then `isNew` is true).
    mutating func order(for request: LabOrderRequest) -> (record: DemoLab.OrderRecord, isNew: Bool) {
        let key = request.idempotencyKey ?? UUID().uuidString
        if let id = idsByKey[key], let record = records[id] { return (record, false) }
        lastNumber += 1
        let record = DemoLab.OrderRecord(
            id: "ord_\(lastNumber)", merchantReference: request.merchantReference, idempotencyKey: key,
            itemCount: request.items.count, assetURLs: request.items.flatMap { $0.assets.map(\.url) }, stage: "received",
            shippingMethod: request.shippingMethod, recipient: request.shipTo,
            lines: request.items.map { item in
                .init(
                    sku: item.sku, copies: item.copies, sizing: item.sizing, attributes: item.attributes ?? [:], reference: item.merchantReference,
                    files: item.assets.map { .init(printArea: $0.printArea, url: $0.url, md5Hash: $0.md5Hash) })
            }, format: request.format, currency: request.currency)
        records[record.id] = record
        idsByKey[key] = record.id
        return (record, true)
    }

    /// Moves order `id` to `stage`; a cancelled order stays cancelled.
    /// Cancels order `id` unless it is printing or further; the refusal's reason, or `nil` when
    /// it is cancelled (also when it already was).
    mutating func cancel(_ id: String) -> String? {
        guard let stage = records[id]?.stage else { return "There is no order \(id)." }
        switch stage {
        case "printing", "printed", "shipped", "failed":
            return "Order \(id) is \(stage == "failed" ? "failed" : "already " + stage); it can no longer be cancelled."
        default:
            records[id]?.stage = "cancelled"
            return nil
        }
    }

    /// Records what the lab downloaded for file `file` of line `line` of order `id`.
    mutating func downloaded(_ id: String, line: Int, file: Int, md5: String, byteCount: Int) {
        guard let lines = records[id]?.lines, lines.indices.contains(line), lines[line].files.indices.contains(file) else { return }
        records[id]?.lines[line].files[file].downloadedMD5 = md5
        records[id]?.lines[line].files[file].byteCount = byteCount
    }

    mutating func update(_ id: String, stage: String, message: String? = nil) {
        guard records[id]?.stage != "cancelled" else { return }
        records[id]?.stage = stage
        records[id]?.message = message
    }
}

/// Everything one run of the lab shares between requests and fulfilment tasks.
final class LabState: Sendable {
    let configuration: DemoLab.Configuration
    let controls: LabControls
    let client = HTTPClient()
    /// For asset downloads and callbacks: the callback origin and the configured origins are trusted.
    let options: HTTPOptions
    let clock = ContinuousClock()
    /// Set when the lab stops, so fulfilment pauses end at once.
    let isStopping = Atomic(false)
    /// `http://127.0.0.1:<port>` once the server listens (tracking pages are linked there).
    let baseURL = Mutex<String?>(nil)
    /// The fulfilment task of each order still in progress.
    let work = Mutex<[String: Task<Void, Never>]>([:])

    /// Throws before any stored property is set: a designated initialiser that throws after
    /// `isStopping` (an `Atomic`) was initialised crashes the Swift 6.3 optimiser in release
    /// builds ("Found outside of lifetime use" on its `drop_deinit`).
    convenience init(configuration: DemoLab.Configuration, controls: LabControls) throws {
        var origins = configuration.trustedOrigins
        if let url = configuration.callbackURL, let scheme = url.scheme, let host = url.host {
            origins.append("\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? ""))
        }
        let options = HTTPOptions(
            connectTimeout: .seconds(5), totalTimeout: .seconds(120), maxBodyBytes: 512 << 20,
            addressPolicy: try .trusting(origins: origins), retry: .none)
        self.init(configuration: configuration, controls: controls, options: options)
    }

    private init(configuration: DemoLab.Configuration, controls: LabControls, options: HTTPOptions) {
        self.configuration = configuration
        self.controls = controls
        self.options = options
    }

    /// Sleeps for `duration` in short steps; throws as soon as the lab is stopping or the task is cancelled.
    func pause(_ duration: Duration) async throws {
        let deadline = clock.now.advanced(by: duration)
        while clock.now < deadline {
            if isStopping.load(ordering: .relaxed) { throw CancellationError() }
            try await Task.sleep(for: min(.milliseconds(50), deadline - clock.now))
        }
    }
}
