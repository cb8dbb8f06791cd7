import Foundation
// `stat`'s members belong to CDispatch under MemberImportVisibility (see AssetVersion.swift).
#if canImport(CDispatch)
internal import CDispatch
#endif
#if canImport(Glibc)
import Glibc
#endif
import PhotoSourceKit

/// The blocking file work of ``UploadStore`` on one session's folder: each call is a few system
/// calls, run on NIO's blocking pool by the store. Layout: `<id>.json` (the ``UploadRecord``,
/// written whole through a temporary file and a rename), `<id>.part` (the bytes so far: the offset
/// is its length) and, once finished and verified, `<id>.jpg` or `<id>.png` (the `.part` renamed).
struct UploadFolder: Sendable {
    /// The session's folder.
    let folder: URL

    func sidecar(_ id: String) -> URL { folder.appendingPathComponent(id + ".json") }
    func part(_ id: String) -> URL { folder.appendingPathComponent(id + ".part") }
    func photo(_ record: UploadRecord) -> URL { folder.appendingPathComponent(record.photoFileName) }

    /// The record of `id`, or `nil` when there is none.
    func record(_ id: String) throws -> UploadRecord? {
        guard let data = FileManager.default.contents(atPath: sidecar(id).path) else { return nil }
        return try Self.decoder.decode(UploadRecord.self, from: data)
    }

    /// Writes `record` whole (temporary file, `fsync`, rename), `0600`.
    func save(_ record: UploadRecord) throws {
        try PrivateDirectory.make(folder)
        try AtomicFile.write(try Self.encoder.encode(record), to: sidecar(record.id), mode: PrivateDirectory.fileMode)
    }

    /// Creates the empty bytes file of `id`, `0600`.
    func createPart(_ id: String) throws {
        try PrivateDirectory.make(folder)
        let fd = open(part(id).path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, PrivateDirectory.fileMode)
        guard fd >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not create the upload's file.") }
        _ = fchmod(fd, PrivateDirectory.fileMode)
        close(fd)
    }

    /// How many bytes of `record` have arrived: the `.part` file's length, or the finished photo's;
    /// `nil` when neither exists.
    func offset(of record: UploadRecord) -> Int? {
        Self.size(part(record.id)) ?? (record.isFinished ? Self.size(photo(record)) : nil)
    }

    /// The first `count` bytes of the `.part` file (fewer when it is shorter).
    func prefix(of id: String, count: Int) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: part(id).path) else { return Data() }
        defer { try? handle.close() }
        return try handle.read(upToCount: count) ?? Data()
    }

    /// Renames the `.part` file to the finished photo's name and flushes the folder.
    func publish(_ record: UploadRecord) throws {
        guard rename(part(record.id).path, photo(record).path) == 0 else {
            throw PhotoSourceError.fileSystem(errno: errno, "Could not finish the upload's file.")
        }
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { _ = fsync(fd); close(fd) }
    }

    /// Deletes everything of `id` (the sidecar last, so a crash in between leaves a record whose
    /// bytes are gone, which reads as missing).
    func delete(_ id: String) {
        for name in [id + ".part", id + ".jpg", id + ".png", id + ".json"] {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// Every record in the folder (unreadable sidecars skipped).
    func records() -> [UploadRecord] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .compactMap { try? record(String($0.dropLast(5))) }
    }

    static func size(_ url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Dates to the millisecond: "newest first" (Uploads, Received) sorts by `finishedAt`, and two
    /// photos finished within one second must not tie (whole seconds made their order random).
    private static let millisecondDates = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(millisecondDates))
        }
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Reads both: records written before dates had milliseconds have whole seconds.
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = try? millisecondDates.parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not an ISO 8601 date."))
        }
        return decoder
    }()
}
