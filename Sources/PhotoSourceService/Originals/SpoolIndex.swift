import Foundation

/// The spool's bookkeeping, kept under the spool's lock: which file is current for each key,
/// who is reading which file (pins), and which files to delete to stay within the size bound.
///
/// Files are never overwritten: a new download of a key gets a new file name and the old one is
/// retired, deleted once its last reader is done. Methods return the file names to delete; the
/// caller deletes them outside the lock.
struct SpoolIndex {
    /// One spooled file.
    struct Record {
        let fileName: String
        let key: String
        let original: SpooledOriginal
        let created: Date
        let isVersioned: Bool
        var lastUse: UInt64 = 0
        var pins = 0
        var isCurrent = true
    }

    let maximumBytes: Int
    let unversionedLifetime: TimeInterval
    private(set) var records: [String: Record] = [:]
    private var current: [String: String] = [:]
    private(set) var totalBytes = 0
    private var tick: UInt64 = 0

    init(maximumBytes: Int, unversionedLifetime: TimeInterval) {
        self.maximumBytes = maximumBytes
        self.unversionedLifetime = unversionedLifetime
    }

    /// The current file of `key`, pinned; `nil` when there is none or it has expired (an
    /// unversioned entry older than the lifetime is retired, so the next download replaces it).
    mutating func pinCurrent(key: String, now: Date) -> (record: Record?, doomed: [String]) {
        guard let name = current[key], var record = records[name] else { return (nil, []) }
        if !record.isVersioned, now.timeIntervalSince(record.created) > unversionedLifetime {
            return (nil, retire(name))
        }
        tick += 1
        record.lastUse = tick
        record.pins += 1
        records[name] = record
        return (record, [])
    }

    /// Pins the file `name` if it is still kept (current or retired but read).
    mutating func pin(fileName name: String) -> Record? {
        guard var record = records[name] else { return nil }
        tick += 1
        record.lastUse = tick
        record.pins += 1
        records[name] = record
        return record
    }

    /// A reader is done with `name`.
    mutating func unpin(fileName name: String) -> [String] {
        guard var record = records[name] else { return [] }
        record.pins = max(0, record.pins - 1)
        records[name] = record
        if !record.isCurrent, record.pins == 0 { return drop(name) }
        return evictOverBudget()
    }

    /// Adds a complete file as the current one of its key (retiring the previous one) and
    /// evicts the least recently used unpinned files while the spool is over its bound.
    mutating func insert(_ record: Record) -> [String] {
        var doomed: [String] = []
        if let previous = current[record.key] { doomed += retire(previous) }
        var record = record
        tick += 1
        record.lastUse = tick
        record.isCurrent = true
        records[record.fileName] = record
        current[record.key] = record.fileName
        totalBytes += record.original.byteCount
        return doomed + evictOverBudget(sparing: record.fileName)
    }

    /// Forgets `name` at once (its file vanished, for example deleted by another process).
    mutating func remove(fileName name: String) -> [String] {
        guard records[name] != nil else { return [] }
        return drop(name)
    }

    /// Takes `name` out of service: deleted now when nobody reads it, else when the last reader is done.
    private mutating func retire(_ name: String) -> [String] {
        guard var record = records[name] else { return [] }
        if current[record.key] == name { current[record.key] = nil }
        record.isCurrent = false
        records[name] = record
        return record.pins == 0 ? drop(name) : []
    }

    private mutating func drop(_ name: String) -> [String] {
        guard let record = records.removeValue(forKey: name) else { return [] }
        if current[record.key] == name { current[record.key] = nil }
        totalBytes -= record.original.byteCount
        return [name]
    }

    private mutating func evictOverBudget(sparing spared: String? = nil) -> [String] {
        guard totalBytes > maximumBytes else { return [] }
        var doomed: [String] = []
        let candidates = records.values.filter { $0.pins == 0 && $0.fileName != spared }.sorted { $0.lastUse < $1.lastUse }
        for record in candidates where totalBytes > maximumBytes {
            doomed += drop(record.fileName)
        }
        return doomed
    }
}
