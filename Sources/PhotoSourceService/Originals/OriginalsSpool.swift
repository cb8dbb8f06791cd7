import Crypto
import Foundation
import PhotoSourceKit
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Originals of sources without files (`cloud:` and `urls:` sources), downloaded once into files
/// under the state folder and served and materialised from there: never held whole in memory.
///
/// - Entries are keyed by source, item and the item's version (and, for sources each customer
///   signs in to, the session), so a changed original is fetched anew. Sources that cannot tell
///   a version cheaply give `""`; such entries expire after ``SpoolIndex/unversionedLifetime``.
/// - However many requests ask for a cold original at once (a lab fetching with `Range` and a
///   browser), one download runs; the others wait for it. The download is not cancelled when
///   its requesters go away: a lab that resumes finds the file.
/// - A download goes through ``PhotoSourceKit/ImageDownloading/saveOriginal(_:from:to:)``
///   (temporary file, renamed when complete), then its MD5 and SHA-256 are computed in one pass
///   and a sidecar is written; a failure leaves no entry.
/// - The total size is bounded: least recently used files nobody reads are deleted. A file in
///   use (a lease, a `withOriginal` call) stays until its reader is done.
/// - Its folder may be shared by several instances (``SharedDirectory``, `sharedDirectory/originals`):
///   before downloading a key, the spool adopts a complete entry another instance wrote (a
///   sidecar and its whole data file), so a lab's fetch landing on another instance reads the same
///   file. Each instance keeps its own index and size bound; one deleting a file another still
///   lists makes the other fetch it again (its lease checks the file exists).
final class OriginalsSpool: Sendable {
    /// The spool's folder.
    let directory: URL
    /// Where its files are written.
    let storage: any SharedFileStoring
    private let state: Mutex<State>

    private struct State {
        var index: SpoolIndex
        var downloads: [String: Task<String, any Error>] = [:]
    }

    /// Opens the spool in `directory` (created `0700` if needed, else set to `0700`), finding the
    /// entries a previous run left. Its files are `0600` whatever the umask.
    init(directory: URL, maximumBytes: Int, unversionedLifetime: TimeInterval = 600) throws {
        let storage = try SharedDirectory(root: directory)
        storage.sweepAbandoned(in: "")
        self.directory = directory
        self.storage = storage
        var index = SpoolIndex(maximumBytes: maximumBytes, unversionedLifetime: unversionedLifetime)
        let doomed = Self.load(directory, into: &index, unclaimedAfter: storage.abandonedAfter)
        state = Mutex(State(index: index))
        delete(doomed)
    }

    /// Runs `body` with the complete original of `item` (downloading it first when the spool has
    /// no current copy); the file stays in place until `body` returns.
    ///
    /// `entry` is the source as a session sees it (``ServiceDependencies/withSource(_:session:_:)``),
    /// `session` that session's id. (The order pipeline downloads into the asset store instead:
    /// ``AssetStore/ingest(downloading:)``.)
    /// `version` is the item's version when the caller already has it (else it is looked up).
    func withOriginal<T: Sendable>(
        of item: any PhotoSourceItem, in entry: ServiceSource, session: String?, version: String? = nil,
        _ body: (SpooledOriginal) async throws -> T
    ) async throws -> T {
        let lease = try await lease(of: item, in: entry, session: session, version: version)
        defer { lease.release() }
        return try await body(lease.original)
    }

    /// The complete original of `item`, pinned in the spool until the lease is released (or dropped).
    func lease(of item: any PhotoSourceItem, in entry: ServiceSource, session: String?, version: String?) async throws -> SpoolLease {
        var known = version
        if known == nil { known = try await AssetVersion.current(of: item, in: entry) }
        let version = known ?? ""
        let key = Self.key(source: entry.id, session: entry.requiresSignIn ? session : nil, item: item.id, version: version)
        // A file evicted or deleted between the download and the pin is fetched again (twice at most).
        for _ in 0..<3 {
            let (step, doomed) = state.withLock { state -> (Step, [String]) in
                let (record, doomed) = state.index.pinCurrent(key: key, now: Date())
                if let record { return (.ready(record), doomed) }
                if let running = state.downloads[key] { return (.wait(running), doomed) }
                let task = Task { try await self.download(item, from: entry, key: key, isVersioned: !version.isEmpty) }
                state.downloads[key] = task
                return (.wait(task), doomed)
            }
            delete(doomed)
            let record: SpoolIndex.Record?
            switch step {
            case .ready(let current): record = current
            case .wait(let task):
                let name = try await task.value
                record = state.withLock { $0.index.pin(fileName: name) }
            }
            guard let record else { continue }
            if FileManager.default.fileExists(atPath: record.original.file.path) {
                return SpoolLease(original: record.original, fileName: record.fileName, spool: self)
            }
            delete(state.withLock { $0.index.remove(fileName: record.fileName) })
        }
        throw PhotoSourceError(.connection, "The original of \(item.title) was pushed out of the spool before it could be read; try again.")
    }

    private enum Step {
        case ready(SpoolIndex.Record)
        case wait(Task<String, any Error>)
    }

    /// Ends a lease: the file may be evicted from now on.
    func release(fileName: String) {
        delete(state.withLock { $0.index.unpin(fileName: fileName) })
    }

    /// The spool's current total size in bytes (retired files still read included).
    var totalBytes: Int { state.withLock { $0.index.totalBytes } }

    /// The number of files the spool holds.
    var fileCount: Int { state.withLock { $0.index.records.count } }

    /// Adopts another instance's complete entry of `key`, else downloads into a new file, digests
    /// it, writes its sidecar and makes it current; returns its name.
    private func download(_ item: any PhotoSourceItem, from entry: ServiceSource, key: String, isVersioned: Bool) async throws -> String {
        if let adopted = adopt(key: key) { return adopted }
        let name = key + "-" + Hex.string((0..<6).map { _ in UInt8.random(in: 0...255) })
        let file = dataFile(name)
        do {
            let saved = try await entry.source.downloader.saveOriginal(item, from: entry.source, to: file)
            // Downloaders write with the umask's permissions; the folder (0700) kept it private meanwhile.
            try PrivateDirectory.tighten(file)
            let contentType = saved.contentType ?? OriginalsController.contentType(of: URL(fileURLWithPath: item.title).pathExtension)
            let original = try await FileDigest.of(file, sha256: true, contentType: contentType)
            let created = Date()
            let sidecar = SpoolSidecar(
                key: key, byteCount: original.byteCount, md5Hex: original.md5Hex, md5Base64: original.md5Base64,
                sha256Hex: original.sha256Hex ?? "", contentType: contentType, created: created, isVersioned: isVersioned)
            try storage.write(try JSONEncoder().encode(sidecar), to: name + ".json", permissions: PrivateDirectory.fileMode)
            let doomed = state.withLock { state in
                state.downloads[key] = nil
                return state.index.insert(.init(fileName: name, key: key, original: original, created: created, isVersioned: isVersioned))
            }
            delete(doomed)
            return name
        } catch {
            state.withLock { $0.downloads[key] = nil }
            delete([name])
            throw PhotoSourceError.wrapping(error, context: "Fetching the original of \(item.title)")
        }
    }

    /// The newest complete entry of `key` in the folder that this spool does not list (written by
    /// another instance sharing it), registered as current; `nil` when there is none usable.
    private func adopt(key: String) -> String? {
        let decoder = JSONDecoder()
        let found = storage.names(in: "", prefix: key + "-").filter { $0.hasSuffix(".json") }.compactMap { fileName -> (String, SpoolSidecar)? in
            let name = String(fileName.dropLast(5))
            guard let bytes = try? Data(contentsOf: sidecarFile(name)), let sidecar = try? decoder.decode(SpoolSidecar.self, from: bytes),
                  sidecar.key == key, Self.size(of: dataFile(name)) == sidecar.byteCount
            else { return nil }
            return (name, sidecar)
        }
        guard let (name, sidecar) = found.max(by: { $0.1.created < $1.1.created }) else { return nil }
        let original = SpooledOriginal(
            file: dataFile(name), byteCount: sidecar.byteCount, md5Hex: sidecar.md5Hex, md5Base64: sidecar.md5Base64,
            sha256Hex: sidecar.sha256Hex, contentType: sidecar.contentType)
        // An unversioned entry past its lifetime is not adopted: it is fetched anew.
        let lifetime = state.withLock { $0.index.unversionedLifetime }
        if !sidecar.isVersioned, Date().timeIntervalSince(sidecar.created) > lifetime { return nil }
        let record = SpoolIndex.Record(fileName: name, key: key, original: original, created: sidecar.created, isVersioned: sidecar.isVersioned)
        delete(state.withLock { state in
            state.downloads[key] = nil
            return state.index.insert(record)
        })
        return name
    }

    /// The size of `file` in bytes, `nil` when it is missing.
    static func size(of file: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
    }

    /// The key of an item's version: a hash, so any id or version text makes a valid file name.
    static func key(source: String, session: String?, item: String, version: String) -> String {
        let digest = SHA256.hash(data: Data([source, session ?? "", item, version].joined(separator: "\u{0}").utf8))
        return Hex.string(digest.prefix(16))
    }

    func dataFile(_ name: String) -> URL { directory.appendingPathComponent(name + ".original") }
    func sidecarFile(_ name: String) -> URL { directory.appendingPathComponent(name + ".json") }

    /// Deletes the files of the entries `names`.
    func delete(_ names: [String]) {
        for name in names {
            unlink(dataFile(name).path)
            unlink(sidecarFile(name).path)
        }
    }
}
