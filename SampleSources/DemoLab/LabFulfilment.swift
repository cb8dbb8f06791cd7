@preconcurrency import Crypto
import Foundation
import PhotoNetworking
import PhotoSourceKit
import Synchronization

/// What the lab does with an accepted order: reports `received`, downloads every asset from the
/// URL it was given and checks its MD5, then reports `downloaded`, `printed` and `shipped`, or
/// `failed` with a message when an asset cannot be fetched or its MD5 differs.
struct LabFulfilment: Sendable {
    let state: LabState

    /// Runs the order in the background (cancelled when the lab stops).
    func start(_ order: LabOrderRequest, record: DemoLab.OrderRecord) {
        let task = Task {
            await run(order, record: record)
            _ = state.work.withLock { $0.removeValue(forKey: record.id) }
        }
        state.work.withLock { $0[record.id] = task }
    }

    private func run(_ order: LabOrderRequest, record: DemoLab.OrderRecord) async {
        let callbacks = LabCallbackSender(state: state)
        let wrongMD5 = state.controls.faults.withLock { $0.reportWrongMD5 }
        await callbacks.send(record, stage: "received")
        do {
            try await download(order, record: record.id, claimingWrongMD5: wrongMD5)
        } catch let failure as Failure {
            state.controls.orders.withLock { $0.update(record.id, stage: "failed", message: failure.message) }
            await callbacks.send(record, stage: "failed", message: failure.message)
            return
        } catch {
            return  // stopping
        }
        for stage in ["downloaded", "printed", "shipped"] {
            if stage == "printed" {
                do { try await waitWhileHeld(record.id) } catch { return }
            }
            if stage != "downloaded" {
                let latency = state.controls.faults.withLock { $0.latency }
                do { try await state.pause(state.configuration.stageInterval + latency) } catch { return }
            }
            state.controls.orders.withLock { $0.update(record.id, stage: stage) }
            await callbacks.send(record, stage: stage)
        }
    }

    /// While ``DemoLab/Faults/holdAt`` is set, keeps the order at that stage (a cancel request
    /// reads it there); throws when the lab stops or the order is cancelled.
    private func waitWhileHeld(_ id: String) async throws {
        while let hold = state.controls.faults.withLock({ $0.holdAt }) {
            state.controls.orders.withLock { $0.update(id, stage: hold.rawValue) }
            try await state.pause(.milliseconds(20))
        }
    }

    /// Why an order failed, in the words of the callback.
    private struct Failure: Error {
        let message: String
    }

    private func download(_ order: LabOrderRequest, record id: String, claimingWrongMD5: Bool) async throws {
        var first = true
        for (index, item) in order.items.enumerated() {
            for (number, asset) in item.assets.enumerated() {
                let (md5, size) = try await fetchMD5(asset.url, item: index)
                state.controls.orders.withLock { $0.downloaded(id, line: index, file: number, md5: md5, byteCount: size) }
                let reported = claimingWrongMD5 && first ? String(md5.reversed()) : md5
                first = false
                if let expected = asset.md5Hash?.lowercased(), expected != reported {
                    throw Failure(message: "MD5 mismatch for item \(index): the order says \(expected), the downloaded file has \(reported).")
                }
            }
        }
    }

    /// Downloads `url` into a temporary file, hashes and measures it and deletes it, trying again per the configuration.
    private func fetchMD5(_ text: String, item: Int) async throws -> (md5: String, byteCount: Int) {
        guard let url = URL(string: text) else { throw Failure(message: "The asset URL of item \(item) is not a URL.") }
        let attempts = state.configuration.downloadAttempts
        var lastError = "no attempt was made"
        for attempt in 1...attempts {
            if attempt > 1 { try await state.pause(state.configuration.retryDelay) }
            if state.controls.faults.withLock({ $0.takeDownloadRefusal() }) {
                state.controls.record { $0.failedDownloads += 1 }
                lastError = "the download was refused (refuseNextDownloads)"
                continue
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("demolab-\(UUID().uuidString).asset")
            defer { try? FileManager.default.removeItem(at: file) }
            do {
                _ = try await state.client.download(HTTPRequest(url: url, options: state.options), to: file)
                state.controls.record { $0.assetDownloads += 1 }
                let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
                return (try Self.md5(of: file), size)
            } catch let error as PhotoSourceError where error.code != .cancelled {
                state.controls.record { $0.failedDownloads += 1 }
                lastError = error.message
            }
        }
        throw Failure(message: "Could not download the asset of item \(item) after \(attempts) attempts: \(lastError)")
    }

    /// The lowercase hex MD5 of `file`, read in 1 MB pieces.
    static func md5(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var hash = Insecure.MD5()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(data: chunk) }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
