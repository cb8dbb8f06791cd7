import Foundation
@testable import PhotoImaging
import PhotoSourceKit
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A fake photo library for cache tests: counts downloads and renders, serves bytes that name
/// the item and its current validator, and can hold downloads at a gate or fail renders.
final class TestLibrary: Sendable {
    struct State {
        var downloads = 0
        var renders = 0
        var validators: [String: String] = [:]
        var downloadError: PhotoSourceError?
        var renderError: PhotoSourceError?
        var downloadsCancelled = 0
        var rendersOffPool = 0
    }

    let state = Mutex(State())
    /// When set, downloads wait here until it opens.
    let gate: Gate?
    /// When true, downloads sleep until cancelled (and record that they were).
    let hangs: Bool

    init(gate: Gate? = nil, hangs: Bool = false) {
        self.gate = gate
        self.hangs = hangs
    }

    var downloads: Int { state.withLock { $0.downloads } }
    var renders: Int { state.withLock { $0.renders } }
    var downloadsCancelled: Int { state.withLock { $0.downloadsCancelled } }
    /// Renders that ran anywhere but on a decode pool thread.
    var rendersOffPool: Int { state.withLock { $0.rendersOffPool } }

    /// Sets the validator the next downloads of `id` carry.
    func setValidator(_ validator: String?, for id: String) {
        state.withLock { $0.validators[id] = validator }
    }

    /// The bytes and validator `id` downloads as now.
    func download(_ id: String) async throws -> ImageData {
        let (validator, error) = state.withLock { state in
            state.downloads += 1
            return (state.validators[id], state.downloadError)
        }
        if let error { throw error }
        if hangs {
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                state.withLock { $0.downloadsCancelled += 1 }
                throw error
            }
        }
        await gate?.wait()
        return ImageData(bytes: Data("image:\(id):\(validator ?? "-")".utf8), validator: validator)
    }

    /// A source named `id` whose closure downloader serves this library (no validation).
    func source(id: String = "test") -> DefaultPhotoSource {
        DefaultPhotoSource(
            id: id, title: "Test", listing: .complete { _ in [] },
            downloader: ClosureImageDownloader { item, _ in try await self.download(item.id) })
    }

    /// A source whose downloader can also tell the current validator without downloading.
    func validatingSource(id: String = "test") -> DefaultPhotoSource {
        DefaultPhotoSource(id: id, title: "Test", listing: .complete { _ in [] }, downloader: ValidatingDownloader(library: self))
    }

    /// A renderer that wraps the bytes: `"thumb(<spec>):<bytes>"`, square of the spec's size.
    var renderer: ThumbnailCache.Renderer {
        { data, spec, _ in
            let error = self.state.withLock { state in
                state.renders += 1
                if DecodePool.currentThreadName == nil { state.rendersOffPool += 1 }
                return state.renderError
            }
            if let error { throw error }
            return Thumbnail(
                data: Data("thumb(\(spec)):".utf8) + data,
                pixelSize: PixelSize(width: spec.maxPixelSize, height: spec.maxPixelSize), format: .jpeg)
        }
    }

    /// A cache over this library's renderer.
    func cache(
        memoryLimit: Int = 1 << 20, diskDirectory: URL? = nil, diskLimit: Int = 1 << 20,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) -> ThumbnailCache {
        ThumbnailCache(ThumbnailCache.Configuration(
            memoryLimit: memoryLimit, diskDirectory: diskDirectory, diskLimit: diskLimit, decodeThreads: 2,
            renderer: renderer, log: log))
    }
}

/// A test downloader that also answers ``ImageValidating`` from the library's validators.
struct ValidatingDownloader: ImageDownloading, ImageValidating {
    let library: TestLibrary

    func download(_ item: any PhotoSourceItem, from source: any PhotoSource, variant: ImageVariant) async throws -> ImageData {
        try await library.download(item.id)
    }

    func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
        library.state.withLock { $0.validators[item.id] }
    }
}

/// A one-shot gate: `wait()` suspends until `open()`.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// A photo item of the test source.
func photo(_ id: String, source: String = "test", policy: CachePolicy = .default) -> DefaultPhotoSourceItem {
    DefaultPhotoSourceItem(id: id, sourceID: source, kind: .image, title: id, cachePolicy: policy)
}

/// Polls `condition` until it holds (for up to 20 s, so a broken build fails instead of hanging).
func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<4000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// A fresh empty folder under the temporary directory, removed by `body`'s end.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async rethrows -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("photoimaging-tests-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

/// Sets the modification time of `file` to `seconds` ago.
func makeOld(_ file: URL, seconds: Int) {
    var times = [timespec](repeating: timespec(tv_sec: Int(Date().timeIntervalSince1970) - seconds, tv_nsec: 0), count: 2)
    _ = utimensat(AT_FDCWD, file.path, &times, 0)
}

/// The `.thumb` entries in `folder`.
func entryFiles(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".thumb") }.sorted()
}

/// A log closure that keeps its lines.
final class LogRecorder: Sendable {
    private let storage = Mutex([String]())
    var lines: [String] { storage.withLock { $0 } }
    var log: @Sendable (String) -> Void { { line in self.storage.withLock { $0.append(line) } } }
}

/// A value shared between test tasks and pool threads, guarded by the `Mutex` `storage`.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}
