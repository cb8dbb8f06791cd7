import PhotoImaging
import PhotoSourceKit

extension ConformanceRun {
    /// Injects download faults while making a thumbnail through the pipeline (a fresh
    /// ``ThumbnailCache`` unless configured): errors keep their codes, and after a truncated body,
    /// a 500 or a time-out the next clean request gives a thumbnail, not a cached failure.
    mutating func checkDownloadFaults() async {
        guard !visits.isEmpty else { return }
        guard let image = goodImages.first else {
            let reason = "no sampled image downloaded and decoded cleanly"
            [.downloadErrorCodes, .downloadRecovery].forEach { ledger.skip($0, reason) }
            return
        }
        let injector = suite.faults ?? FaultInjector()
        let target: any PhotoSource = suite.faults == nil ? FaultInjectingSource(base: source, injector: injector) : source
        let retryAfter = Duration.seconds(2)
        let codes: [(Fault, String, (PhotoSourceError.Code) -> Bool)] = [
            (.status401, "an auth error", \.isAuthFailure),
            (.notFound, "not-found", { $0 == .notFound }),
            (.rateLimited(retryAfter: retryAfter), "rate-limited with its Retry-After of \(retryAfter)", { $0 == .rateLimited(retryAfter: retryAfter) }),
        ]
        for (fault, expected, accept) in codes {
            let pipeline = makePipeline()
            guard let outcome = await injectDownload(fault, .downloadErrorCodes, image, target, injector, pipeline) else { continue }
            switch outcome {
            case .success:
                ledger.fail(.downloadErrorCodes, "the thumbnail of \(image.label) came back despite an injected \(fault)")
            case .failure(let error):
                let accepted = (error as? PhotoSourceError).map { accept($0.code) } ?? false
                ledger.expect(
                    .downloadErrorCodes, accepted, "\(fault)",
                    "an injected \(fault) downloading \(image.label) surfaced as \(describe(error)); expected \(expected)")
            }
            if fault == .status401, suite.faults != nil, let signIn = suite.signIn {
                await expectSignedOutAfterDownload401(signIn)
            }
        }
        for fault in [Fault.truncate(fraction: 0.5), .serverError, .delay(configuration.faultTimeout * 50)] {
            await checkDownloadRecovery(after: fault, image, target, injector)
        }
    }

    /// A fault fails the thumbnail, and the next clean request through the same pipeline succeeds.
    private mutating func checkDownloadRecovery(
        after fault: Fault, _ image: SampledImage, _ target: any PhotoSource, _ injector: FaultInjector
    ) async {
        let pipeline = makePipeline()
        let timeout: Duration? = if case .delay = fault { configuration.faultTimeout } else { nil }
        guard let outcome = await injectDownload(fault, .downloadRecovery, image, target, injector, pipeline, timeout: timeout)
        else { return }
        if case .success = outcome {
            ledger.fail(.downloadRecovery, "an injected \(fault) downloading \(image.label) gave a thumbnail instead of an error")
        }
        do {
            let item = image.item
            _ = try await withTimeout(configuration.callTimeout, "The thumbnail of \(item.id)") { try await pipeline(item, target) }
            ledger.pass(.downloadRecovery, "\(fault)")
        } catch {
            ledger.fail(
                .downloadRecovery,
                "after an injected \(fault), a clean request for the thumbnail of \(image.label) failed: \(describe(error)) "
                    + "(was the failure cached?)")
        }
    }

    /// Scripts `fault` for the item's next download, asks the pipeline for its thumbnail, and
    /// returns the outcome; `nil` (and a failure) when the fault never reached a download.
    private mutating func injectDownload(
        _ fault: Fault, _ check: ConformanceCheck, _ image: SampledImage, _ target: any PhotoSource,
        _ injector: FaultInjector, _ pipeline: @escaping PhotoSourceConformance.ThumbnailPipeline, timeout: Duration? = nil
    ) async -> Result<Thumbnail, any Error>? {
        let item = image.item
        let outcome = await injector.outcome(scripting: { $0.failDownload(fault, itemID: item.id) }) {
            try await withTimeout(timeout ?? configuration.callTimeout, "The thumbnail of \(item.id)") {
                try await pipeline(item, target)
            }
        }
        if outcome == nil {
            ledger.fail(
                check, "the injected \(fault) never reached a download of \(image.label); "
                    + "make the source's downloader a FaultInjectingDownloader with this FaultInjector")
        }
        return outcome
    }

    /// After a 401 on a download, a source with sign-in says it is signed out; then signs in again.
    private mutating func expectSignedOutAfterDownload401(_ signIn: @escaping PhotoSourceConformance.SignIn) async {
        let signedOut = await authenticated() == false
        ledger.expect(
            .downloadErrorCodes, signedOut, "session after 401",
            "after an HTTP 401 on a download the source still says it is signed in; mark the session \"needs sign-in\"")
        do {
            try await self.signIn(signIn)
        } catch {
            ledger.fail(.downloadErrorCodes, "signing in again after the HTTP 401 failed: \(describe(error))")
        }
    }

    /// A fresh pipeline: the configured one, or an empty in-memory ``ThumbnailCache``.
    func makePipeline() -> PhotoSourceConformance.ThumbnailPipeline {
        if let make = configuration.makeThumbnailPipeline { return make() }
        let spec = configuration.thumbnailSpec
        let cache = ThumbnailCache(
            ThumbnailCache.Configuration(
                memoryLimit: 8 << 20, diskDirectory: nil, imageLimits: configuration.limits, decodeThreads: 1,
                log: { _ in }))
        return { item, source in try await cache.thumbnail(for: item, from: source, spec: spec) }
    }
}
