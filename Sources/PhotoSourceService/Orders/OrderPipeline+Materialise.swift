import Foundation
import Logging
import PhotoImaging
import PhotoSourceKit

extension OrderPipeline {
    /// `accepted → materialising`: each whole-album line listed into lines of its photos
    /// (`+Albums`), then each pending line's original into the asset store, verified; a line
    /// that cannot be had fails alone; then `delivering` (or `failed` when none could).
    func materialise(_ job: OrderJob, worker: String) async throws {
        _ = try await store.setStatus(order: job.orderID, to: .materialising, from: [.accepted], now: Date())
        guard var read = try await store.order(id: job.orderID), !read.status.isFinal else {
            try await store.finishJob(job.id, worker: worker)
            return
        }
        if read.items.contains(where: { $0.isWholeAlbum && $0.state == .pending }) {
            try await expandAlbums(of: read)
            guard let expanded = try await store.order(id: job.orderID) else { return }
            read = expanded
        }
        let order = read
        // Up to `fetchConcurrency` lines at once; a retryable failure (or cancellation) ends the
        // group, which cancels the lines still running, and the whole job is retried; the lines
        // recorded so far stay done.
        try await withThrowingTaskGroup(of: Void.self) { group in
            var running = 0
            for item in order.items where item.state == .pending && !item.isWholeAlbum {
                try Task.checkCancellation()
                if running == settings.fetchConcurrency {
                    try await group.next()
                    running -= 1
                }
                group.addTask { try await materialiseAndRecord(item, of: order) }
                running += 1
            }
            try await group.waitForAll()
        }
        try await store.finishMaterialising(order: order.id, job: job.id, worker: worker, now: Date())
        // Cancelled (or failed) while it was fetched: no delivery will claim what was staged.
        if let ended = try await store.order(id: order.id), ended.status.isFinal {
            await discardPrepared(orderID: ended.id, at: ended.deliveries.map(\.destinationID))
        }
    }

    /// One line fetched and its outcome recorded; only retryable errors and cancellation are thrown.
    private func materialiseAndRecord(_ item: OrderRecord.Item, of order: OrderRecord) async throws {
        let outcome: Result<MaterialisedAsset, OrderItemFailure>
        do {
            outcome = .success(try await materialise(item, of: order))
        } catch let error where error is CancellationError || Self.isRetryable(error) {
            throw error
        } catch {
            outcome = .failure(Self.failure(error))
        }
        try await store.recordItem(order: order.id, index: item.index, outcome: outcome, now: Date())
        if case .success(let asset) = outcome { await prepare(item, asset: asset, of: order) }
    }

    /// A job stopped because its lease was lost: when its order has ended (cancelled), what the
    /// destinations prepared for it is dropped; when another worker took the job over, nothing is.
    func stopped(_ job: OrderJob) async {
        guard let order = try? await store.order(id: job.orderID), order.status.isFinal else { return }
        await discardPrepared(orderID: order.id, at: job.destinationID.map { [$0] } ?? order.deliveries.map(\.destinationID))
    }

    /// Tells the destinations among `destinationIDs` that began early on the order `orderID` that no delivery will come.
    func discardPrepared(orderID: String, at destinationIDs: [String]) async {
        for id in destinationIDs {
            if let destination = destinations[id] as? any PreparingOrderDestination { await destination.discardPrepared(orderID: orderID) }
        }
    }

    /// Hands the line just materialised to the order's destinations that can begin early
    /// (``PreparingOrderDestination``: a folder copies it while the other lines download).
    private func prepare(_ item: OrderRecord.Item, asset: MaterialisedAsset, of order: OrderRecord) async {
        var line = item
        line.state = .materialised
        line.asset = asset
        for delivery in order.deliveries {
            guard let destination = destinations[delivery.destinationID] as? any PreparingOrderDestination,
                  let deliverable = deliverable(line, for: delivery.destinationID)
            else { continue }
            do {
                try await destination.prepare(deliverable, orderID: order.id)
            } catch {
                // Only the head start is lost: the delivery copies this photo itself.
                logger.debug("order \(order.id) line \(item.index): not staged for \(delivery.destinationID): \(error)")
            }
        }
    }

    /// One line: found again in its source (as the order's session sees it), its original stored and described.
    func materialise(_ line: OrderRecord.Item, of order: OrderRecord) async throws -> MaterialisedAsset {
        let configuration = dependencies.configuration
        guard let product = configuration.products.first(where: { $0.id == line.product }) else {
            throw OrderItemFailure(code: "invalid-data", message: "The product \(line.product) is no longer offered.")
        }
        let dependencies = dependencies
        let (stored, title) = try await dependencies.withSource(line.source, session: order.session ?? "", forOrder: true) { entry in
            let item = try await dependencies.withSourceTimeout { try await entry.item(line.itemID) }
            return (try await fetchOriginal(item, from: entry), item.title)
        }
        let pixels = stored.header.displaySize
        // Judged on what will print: the crop's pixels, turned, on the product.
        guard let fitness = line.layout.fitness(of: pixels, on: product) else {
            throw OrderItemFailure(
                code: "invalid-data", message: "The crop does not lie inside the photo, which is \(pixels.width)×\(pixels.height) pixels upright.")
        }
        let asset = MaterialisedAsset(
            fileName: Self.fileName(index: line.index, title: title, format: stored.header.format),
            contentType: stored.header.format.mimeType, sha256: stored.sha256, md5: stored.md5, byteCount: stored.byteCount,
            pixelWidth: pixels.width, pixelHeight: pixels.height, dpi: Double(fitness.dpi), verdict: fitness.verdict.rawValue,
            warnings: fitness.verdict == .low ? ["lowResolution"] : [])
        return try await addingPrintFiles(to: asset, line: line, of: order, original: stored, product: product)
    }

    /// Gets an item's original into the asset store: the one place that knows how. Files are
    /// streamed from disk; sources without files are downloaded straight into the store (written
    /// once, hashed and header-checked there: ``AssetStore/ingest(downloading:)``), not through
    /// the originals spool, which serves the originals route (a lab's or browser's fetch).
    func fetchOriginal(_ item: any PhotoSourceItem, from entry: ServiceSource) async throws -> AssetStore.StoredAsset {
        if let fileFor = entry.originalFile {
            return try await assets.ingest(file: try fileFor(item.id))
        }
        let source = entry.source
        do {
            return try await assets.ingest { file in _ = try await source.downloader.saveOriginal(item, from: source, to: file) }
        } catch {
            throw PhotoSourceError.wrapping(error, context: "Fetching the original of \(item.title)")
        }
    }

    /// `003-IMG_0042.jpg`: the line's number (from 1), the item's title without its extension
    /// and made safe, the format's extension. The title, not the id: a cloud's ids are opaque
    /// (`photo-1-2`), its titles what a person would recognise the print by; and a title is the
    /// source's words, so anything but ASCII letters, digits, `-` and `_` becomes `_`.
    static func fileName(index: Int, title: String, format: ImageFormat) -> String {
        let last = title.split(separator: "/").last.map(String.init) ?? "photo"
        let base = last.contains(".") ? String(last[..<last.lastIndex(of: ".")!]) : last
        let safe = String(base.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "-" || scalar == "_" ? Character(scalar) : "_"
        }.prefix(60))
        let number = String(index + 1)
        let padded = String(repeating: "0", count: max(0, 3 - number.count)) + number
        return "\(padded)-\(safe.isEmpty ? "photo" : safe).\(format == .png ? "png" : "jpg")"
    }
}
