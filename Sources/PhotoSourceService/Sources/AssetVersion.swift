// `stat`'s members belong to CDispatch under MemberImportVisibility in a clean release build
// (see SampleSources/LocalFolder/FileStatus.swift), so it is imported by name.
import Foundation
#if canImport(CDispatch)
internal import CDispatch
#endif
import PhotoSourceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An item's current version, pinned into signed URLs so their responses can be immutable.
enum AssetVersion {
    /// For a file: one `stat`, formatted as ``FileImageDownloader`` formats its validator
    /// (modification time with nanoseconds, size, device and inode), so the version a URL pins
    /// is the validator the thumbnail cache stores its entries under, and a warm signed request
    /// finds its thumbnail by the payload alone. Else the downloader's validator when it can
    /// tell cheaply; else `""`.
    static func current(of item: any PhotoSourceItem, in entry: ServiceSource) async throws -> String {
        if let file = try entry.originalFile?(item.id) {
            var info = stat()
            guard stat(file.path, &info) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, reading: item.id) }
            return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)-\(info.st_size)-\(info.st_dev):\(info.st_ino)"
        }
        guard let validating = entry.source.downloader as? any ImageValidating else { return "" }
        return try await validating.currentValidator(for: item, from: entry.source) ?? ""
    }
}
