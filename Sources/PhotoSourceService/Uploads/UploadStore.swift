public import Foundation
import NIOCore
import NIOPosix
import PhotoImaging
import PhotoSourceKit

/// The one type that owns the uploads folder (`<state>/uploads/<session>/`): creates uploads,
/// appends bytes at an offset, finishes (verifies) them, deletes and expires them.
///
/// Nothing lives in memory between requests: the offset is the `.part` file's length, the rest
/// is a JSON sidecar written by rename (``UploadFolder``), so the next chunk of a resumable upload
/// may land on any instance that shares the folder. Blocking file work runs on NIO's blocking
/// pool. A moved storage (a shared-directory protocol) replaces this type behind the same calls.
public struct UploadStore: Sendable {
    /// The folder holding one sub-folder per session.
    public let root: URL
    /// The limits in force.
    public let settings: UploadSettings

    /// A store in `root` (created `0700` on first use).
    public init(root: URL, settings: UploadSettings) {
        self.root = root
        self.settings = settings
    }

    /// The store of `configuration`: `uploads/` in the shared folder (`sharedDirectory`, so a
    /// resumable upload's next chunk may land on any instance), else in the state folder; with
    /// its upload settings.
    public init(_ configuration: ServiceConfiguration) {
        self.init(
            root: configuration.sharedOrStateFolder.appendingPathComponent("uploads", isDirectory: true),
            settings: configuration.uploads)
    }

    /// The folder of one session's uploads.
    func folder(session: String) -> UploadFolder {
        UploadFolder(folder: root.appendingPathComponent(Self.safeName(session), isDirectory: true))
    }

    /// Whether `id` has the shape of an upload id (32 lowercase hex digits); anything else is 404.
    static func isUploadID(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Starts an upload of `length` bytes for `session`: refused with 413 when it is larger than
    /// ``UploadSettings/maximumBytes`` or would pass the session's quota.
    public func create(session: String, length: Int, filename: String?, filetype: String?, now: Date = Date()) async throws -> UploadRecord {
        guard length <= settings.maximumBytes else { throw UploadRefusal.tooLarge(length: length, maximum: settings.maximumBytes) }
        let folder = folder(session: session)
        let settings = settings
        return try await NIOThreadPool.singleton.runIfActive {
            let used = folder.records().reduce(0) { $0 + $1.length }
            guard used + length <= settings.sessionQuotaBytes else {
                throw UploadRefusal.overQuota(length: length, used: used, quota: settings.sessionQuotaBytes)
            }
            let record = UploadRecord(
                id: Self.newID(), session: session, length: length, filename: filename, filetype: filetype, createdAt: now,
                expiresAt: now.addingTimeInterval(TimeInterval(settings.unfinishedLifetimeSeconds)))
            try folder.createPart(record.id)
            try folder.save(record)
            return record
        }
    }

    /// The upload `id` of `session` and its offset; 404 when there is none or it expired
    /// unfinished (its bytes are deleted then).
    public func status(session: String, id: String, now: Date = Date()) async throws -> (record: UploadRecord, offset: Int) {
        guard Self.isUploadID(id) else { throw UploadRefusal.notFound }
        let folder = folder(session: session)
        return try await NIOThreadPool.singleton.runIfActive {
            guard let record = try folder.record(id), let offset = folder.offset(of: record) else { throw UploadRefusal.notFound }
            if !record.isFinished, record.expiresAt <= now {
                folder.delete(id)
                throw UploadRefusal.notFound
            }
            return (record, offset)
        }
    }

    /// Appends `body` at `offset` (which must be the upload's current offset, else 409), at most
    /// ``UploadSettings/maximumChunkBytes`` of it, streaming to disk and flushing before it
    /// returns; checks the first bytes are JPEG or PNG (else 415) and, once the last byte is in,
    /// that the photo decodes (else 422), deleting a refused upload's bytes. A body that breaks
    /// off keeps (and flushes) what arrived, so the client resumes from there.
    func append<Body: AsyncSequence & Sendable>(
        session: String, id: String, offset: Int, body: Body, now: Date = Date()
    ) async throws -> (record: UploadRecord, offset: Int) where Body.Element == ByteBuffer {
        var (record, current) = try await status(session: session, id: id, now: now)
        guard offset == current else { throw UploadRefusal.offsetMismatch(given: offset, current: current) }
        if record.isFinished { return (record, current) }
        let folder = folder(session: session)
        let file = try await NIOThreadPool.singleton.runIfActive { try UploadBytesFile(folder.part(id)) }
        var sniff = try await NIOThreadPool.singleton.runIfActive { [current, record] in
            try UploadSniff(length: record.length, alreadyWritten: current) { try folder.prefix(of: id, count: $0) }
        }
        var pending: [UInt8] = []
        var received = 0
        var refused = false
        func writePending() async throws {
            guard !pending.isEmpty else { return }
            let bytes = pending, at = current
            try await NIOThreadPool.singleton.runIfActive { try file.write(bytes, at: at) }
            current += bytes.count
            pending.removeAll(keepingCapacity: true)
        }
        do {
            for try await buffer in body {
                received += buffer.readableBytes
                guard received <= settings.maximumChunkBytes else { throw UploadRefusal.chunkTooLarge(maximum: settings.maximumChunkBytes) }
                guard current + pending.count + buffer.readableBytes <= record.length else { throw UploadRefusal.pastLength(record.length) }
                if sniff.refuses(after: buffer.readableBytesView) {
                    refused = true
                    await discard(folder, id)
                    throw UploadRefusal.notAnImage(sniff.prefix)
                }
                pending += buffer.readableBytesView
                if pending.count >= 1 << 20 { try await writePending() }
            }
            try await writePending()
        } catch {
            // Keep what arrived (tus: accept as many bytes as possible), flushed, unless the upload was refused.
            if !refused {
                try? await writePending()
                try? await NIOThreadPool.singleton.runIfActive { try file.flush() }
            }
            throw error
        }
        try await NIOThreadPool.singleton.runIfActive { try file.flush() }
        if current == record.length {
            record = try await finish(record, in: folder, now: now)
        }
        return (record, current)
    }

    /// Verifies a complete upload (it must decode) and publishes it as a finished photo.
    private func finish(_ record: UploadRecord, in folder: UploadFolder, now: Date) async throws -> UploadRecord {
        let header: ImageHeader
        do {
            header = try await UploadVerifier.verify(folder.part(record.id))
        } catch {
            await discard(folder, record.id)
            throw UploadRefusal.undecodable(error)
        }
        var verified = record
        verified.finishedAt = now
        verified.format = header.format == .png ? "png" : "jpeg"
        verified.width = header.displaySize.width
        verified.height = header.displaySize.height
        let finished = verified
        try await NIOThreadPool.singleton.runIfActive {
            try folder.publish(finished)
            try folder.save(finished)
        }
        return finished
    }

    /// Deletes the upload `id` of `session` (404 when there is none).
    public func delete(session: String, id: String) async throws {
        _ = try await status(session: session, id: id)
        await discard(folder(session: session), id)
    }

    private func discard(_ folder: UploadFolder, _ id: String) async {
        try? await NIOThreadPool.singleton.runIfActive { folder.delete(id) }
    }

    /// The finished uploads of `session`, newest first.
    public func finished(session: String) async throws -> [UploadRecord] {
        let folder = folder(session: session)
        return try await NIOThreadPool.singleton.runIfActive {
            folder.records().filter(\.isFinished).sorted { ($0.finishedAt!, $0.id) > ($1.finishedAt!, $1.id) }
        }
    }

    /// Deletes the folders of sessions `isLive` says are gone, and unfinished uploads past
    /// their expiry; returns how many uploads went. Idempotent, so every instance may run it.
    public func purge(now: Date = Date(), isLive: @Sendable (String) async throws -> Bool) async throws -> Int {
        let root = root
        let sessions = try await NIOThreadPool.singleton.runIfActive {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            return names.filter { name in
                var isFolder: ObjCBool = false
                return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
                    && isFolder.boolValue
            }
        }
        var purged = 0
        for session in sessions {
            let folder = UploadFolder(folder: root.appendingPathComponent(session, isDirectory: true))
            let live = try await isLive(session)
            purged += try await NIOThreadPool.singleton.runIfActive {
                let records = folder.records()
                if !live {
                    try? FileManager.default.removeItem(at: folder.folder)
                    return records.count
                }
                let expired = records.filter { !$0.isFinished && $0.expiresAt <= now }
                for record in expired { folder.delete(record.id) }
                return expired.count
            }
        }
        return purged
    }

    /// 32 random lowercase hex digits.
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// A session id as a folder name: it is already `ses_` and base64url, but never trust a name into a path.
    static func safeName(_ session: String) -> String {
        let allowed = session.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-" }
        return allowed && !session.isEmpty ? session : "invalid"
    }
}
