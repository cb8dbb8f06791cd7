import Foundation
import PhotoImaging
import SampleSources
import Synchronization

/// How the REPL makes thumbnails: the shared cache, the size `thumb` uses by default, and what
/// a listing prefetches in the background.
struct ThumbnailOptions: Sendable {
    /// The largest `--size` accepted.
    static let maximumSize = 4096

    /// The cache every thumbnail goes through.
    let cache: ThumbnailCache
    /// What a listing prefetches, or `nil` for no prefetching (tests that count cache events).
    let prefetchSpec: ThumbnailSpec?
    /// Where `thumb N` writes when no `--out` is given.
    let saveFolder: URL
    /// The background prefetch of the page shown last.
    let prefetch = PrefetchSlot()

    /// A memory-only cache with one decode thread, prefetching thumbnails of `prefetchSize`
    /// pixels (default: none, so tests can count the cache's events exactly); `thumb` without
    /// `--out` writes into `saveFolder` (default: a fresh temporary folder).
    static func inMemory(prefetchSize: Int? = nil, saveFolder: URL? = nil) -> ThumbnailOptions {
        ThumbnailOptions(
            cache: ThumbnailCache(.init(diskDirectory: nil, decodeThreads: 1)),
            prefetchSpec: prefetchSize.map { ThumbnailSpec(maxPixelSize: $0) },
            saveFolder: saveFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("photosource-thumbs-\(UUID().uuidString)"))
    }

    /// The cache `browse` uses: on disk next to the demo library
    /// (`$XDG_CACHE_HOME/photosource/thumbnails`), prefetching 256-pixel thumbnails; `thumb`
    /// writes beside it into `saved-thumbnails`: a person's thumbnails are outside the cache's
    /// own folder (which the cache manages) and outside the current folder (under `make demo`
    /// the repository, where they would show in `git status`), and can be made again, so they
    /// belong under the cache home.
    static func standard(folder: URL = standardCacheFolder) -> ThumbnailOptions {
        ThumbnailOptions(
            cache: ThumbnailCache(.init(diskDirectory: folder)), prefetchSpec: ThumbnailSpec(),
            saveFolder: saveFolder(besideCache: folder))
    }

    /// The cache folder `browse` uses: `$XDG_CACHE_HOME/photosource/thumbnails`, beside the demo library.
    static var standardCacheFolder: URL {
        DemoLibrary.defaultFolder.deletingLastPathComponent().appendingPathComponent("thumbnails")
    }

    /// Where a person's thumbnails go when no folder is named, for `thumb N` in `browse` and for
    /// `photosource thumbnail` alike: `$XDG_CACHE_HOME/photosource/saved-thumbnails`. Never beside
    /// the photos, where `ls local:` would list each thumbnail as one more photo.
    static var standardSaveFolder: URL { saveFolder(besideCache: standardCacheFolder) }

    private static func saveFolder(besideCache cache: URL) -> URL {
        cache.deletingLastPathComponent().appendingPathComponent("saved-thumbnails")
    }
}

/// The background prefetch of the listed page; starting a new one cancels the old one, since
/// the person has moved on. Guarded by the `Mutex` `task`.
final class PrefetchSlot: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Cancels the running prefetch and keeps `next` instead.
    func replace(with next: Task<Void, Never>) {
        task.withLock {
            $0?.cancel()
            $0 = next
        }
    }

    /// Waits for the current prefetch to finish (for tests and orderly shutdown).
    func wait() async {
        await task.withLock { $0 }?.value
    }
}
