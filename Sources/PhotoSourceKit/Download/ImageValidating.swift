public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A downloader that can tell an item's current version without fetching its bytes.
///
/// The thumbnail cache asks before serving a stored thumbnail, so an edited photo never gets
/// its old thumbnail back. Conform only when the answer is cheap (a `stat`, not a network round
/// trip); return `nil` when the version cannot be told, and the cache falls back to the last
/// validator it saw downloaded.
public protocol ImageValidating: Sendable {
    /// The validator the next download of `item` would carry (an ETag, a modification time),
    /// or `nil` when it cannot be told cheaply.
    func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String?
}

extension FileImageDownloader: ImageValidating {
    /// The file's modification time, size and inode, formatted as ``read(_:name:)`` formats them.
    public func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
        try currentValidator(of: resolver.url(for: item.id), name: item.id)
    }

    /// The validator of the file at `url` as a download of it now would carry
    /// (see ``FileImageDownloader``); `name` is used in error messages.
    public func currentValidator(of url: URL, name: String) throws -> String {
        var info = stat()
        guard EncodedFileName.withFileSystemPath(url.path, { stat($0, &info) }) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: name) }
        return Self.validator(of: info)
    }

    /// Modification time (with nanoseconds), size, device and inode: a file replaced by a
    /// rename or edited in place within one clock tick still gets a new validator.
    static func validator(of info: stat) -> String {
        "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(info.st_size)-\(info.st_dev):\(info.st_ino)"
    }
}

extension SessionMarkingDownloader: ImageValidating {
    /// Asks the wrapped downloader when it can tell; `nil` otherwise.
    func currentValidator(for item: any PhotoSourceItem, from source: any PhotoSource) async throws -> String? {
        guard let base = base as? any ImageValidating else { return nil }
        return try await base.currentValidator(for: item, from: source)
    }
}
