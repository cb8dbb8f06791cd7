public import PhotoSourceKit

/// Wraps any downloader and makes it fail as its ``FaultInjector`` scripts: refused tokens,
/// rate limits, server errors, missing items, truncated bodies, slow answers.
///
/// Use it as the downloader of the source under test to see how the source and the thumbnail
/// cache react, without a server.
public struct FaultInjectingDownloader: ImageDownloading {
    /// The downloader that answers when no fault is due.
    public let base: any ImageDownloading
    /// The script.
    public let injector: FaultInjector

    /// Wraps `base`, consulting `injector` on every call.
    public init(base: any ImageDownloading, injector: FaultInjector) {
        self.base = base
        self.injector = injector
    }

    /// Downloads through `base` unless a fault is due.
    public func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        guard let fault = injector.nextDownloadFault(itemID: item.id, variant: variant) else {
            return try await base.download(item, from: source, variant: variant)
        }
        let context = "Downloading the \(variant.rawValue) of \(item.title)"
        if case .delay(let duration) = fault {
            try await Fault.sleep(for: duration, context)
        } else if let error = fault.error(context, truncatesByThrowing: false) {
            throw error
        }
        var data = try await base.download(item, from: source, variant: variant)
        if case .truncate(let fraction) = fault {
            // The validator stays: a cut-short body under a valid ETag is the case caches get wrong.
            let kept = Int(Double(data.bytes.count) * min(1, max(0, fraction)))
            data.bytes = data.bytes.prefix(kept)
        }
        return data
    }
}

extension FaultInjectingDownloader: ImageValidating {
    /// Asks `base` when it can tell an item's version cheaply (faults never apply here), so the
    /// thumbnail cache treats the wrapped downloader as it treats the base.
    public func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
        guard let base = base as? any ImageValidating else { return nil }
        return try await base.currentValidator(for: item, from: source)
    }
}
