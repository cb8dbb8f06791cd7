import PhotoSourceKit
import Synchronization

/// Remembers the probed pixel size of each entry and probes the ones it does not know yet,
/// a bounded number at a time.
///
/// A size found, and an answer that will not change by asking again (not a JPEG or PNG, a
/// header that cannot be read, a body over the limit), are remembered; a failure that may pass
/// (the network, a missing file, a 429) is not, so the next listing of the page tries again.
/// An entry whose first bytes are not a JPEG or PNG at all is reported with the reason.
final class PixelSizeBook: Sendable {
    /// Probes one entry: its size, `nil` when it has none to find, or an error.
    typealias Probe = @Sendable (PreselectedSource.Entry) async throws -> PixelSize?

    /// What the probes found about one entry.
    struct Finding: Sendable, Equatable {
        /// The displayed size, when found.
        var pixelSize: PixelSize?
        /// Why the entry is not a photo (its first bytes are not a JPEG or PNG), when it is not.
        var notAPhoto: String?
    }

    /// What is remembered about one entry.
    private enum Answer: Sendable {
        case size(PixelSize)
        case unknowable
        case notAPhoto(String)
    }

    private let concurrency: Int
    private let probe: Probe
    private let answers = Mutex<[String: Answer]>([:])

    /// Creates a book that runs at most `concurrency` probes at a time.
    init(concurrency: Int, probe: @escaping Probe) {
        self.concurrency = max(1, concurrency)
        self.probe = probe
    }

    /// What is known of `entries`, in order; no size where a probe failed or found none.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled (probes stop with it).
    func findings(of entries: [PreselectedSource.Entry]) async throws -> [Finding] {
        var sizes = [Finding](repeating: Finding(), count: entries.count)
        var unknown: [Int] = []
        answers.withLock { answers in
            for (index, entry) in entries.enumerated() {
                switch answers[entry.id] {
                case .some(let answer): sizes[index] = Self.finding(answer)
                case nil: unknown.append(index)
                }
            }
        }
        guard !unknown.isEmpty else { return sizes }
        let probed = await probeAll(unknown.map { ($0, entries[$0]) })
        try Task.checkCancellation()
        answers.withLock { answers in
            for (index, entry, answer) in probed {
                guard let answer else { continue }
                answers[entry.id] = answer
                sizes[index] = Self.finding(answer)
            }
        }
        return sizes
    }

    /// Probes `work` with at most ``concurrency`` probes running; `nil` answers are not to be remembered.
    private func probeAll(
        _ work: [(Int, PreselectedSource.Entry)]
    ) async -> [(Int, PreselectedSource.Entry, Answer?)] {
        await withTaskGroup(of: (Int, PreselectedSource.Entry, Answer?).self) { group in
            var pending = work.makeIterator()
            var running = 0
            var results: [(Int, PreselectedSource.Entry, Answer?)] = []
            while running < concurrency, let (index, entry) = pending.next() {
                group.addTask { [probe] in (index, entry, await Self.answer(entry, probe)) }
                running += 1
            }
            for await result in group {
                results.append(result)
                if let (index, entry) = pending.next() {
                    group.addTask { [probe] in (index, entry, await Self.answer(entry, probe)) }
                }
            }
            return results
        }
    }

    private static func finding(_ answer: Answer) -> Finding {
        switch answer {
        case .size(let size): Finding(pixelSize: size)
        case .unknowable: Finding()
        case .notAPhoto(let reason): Finding(notAPhoto: reason)
        }
    }

    /// Runs the probe and sorts its outcome into what to remember.
    private static func answer(_ entry: PreselectedSource.Entry, _ probe: Probe) async -> Answer? {
        guard !Task.isCancelled else { return nil }
        do {
            guard let size = try await probe(entry) else { return .unknowable }
            return .size(size)
        } catch let error as PhotoSourceError {
            switch error.code {
            case .unsupportedFormat: return .notAPhoto(error.message)
            case .invalidData, .tooLarge: return .unknowable
            default: return nil
            }
        } catch {
            return nil
        }
    }
}
