// With MemberImportVisibility, the members of C structs such as `stat` and `timespec` belong to
// whichever Clang module the compiler met them in first. In a clean build of this target that is
// CDispatch (it includes the system headers too), so it is imported by name; Foundation or
// Dispatch alone does not satisfy the check.
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

/// A point in time as the file system stores it (`st_mtim`), with nanoseconds.
struct FileTime: Sendable, Hashable, Comparable {
    var seconds: Int
    var nanoseconds: Int

    init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ time: timespec) {
        self.init(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }

    /// The wall clock now (`CLOCK_REALTIME`, the clock file times come from).
    static func now() -> FileTime {
        let time = UnsafeMutablePointer<timespec>.allocate(capacity: 1)
        defer { time.deallocate() }
        clock_gettime(CLOCK_REALTIME, time)
        return FileTime(time.pointee)
    }

    /// `self - other`, as a duration.
    func since(_ other: FileTime) -> Duration {
        .seconds(seconds - other.seconds) + .nanoseconds(nanoseconds - other.nanoseconds)
    }

    static func < (lhs: FileTime, rhs: FileTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}

/// The `stat` fields the local folder source cares about.
struct FileStatus: Sendable, Hashable {
    /// What kind of file system object it is.
    enum Kind: Sendable, Hashable {
        case regular, directory, symbolicLink, other
    }

    var kind: Kind
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: FileTime

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = FileTime(info.st_mtim)
    }

    /// `lstat(2)` of `path` (an ``EncodedFileName`` path; a link is reported as a link); `name` is used in error messages.
    init(ofPath path: String, name: String) throws {
        guard let status = Self.capture({ buffer in EncodedFileName.withFileSystemPath(path) { lstat($0, buffer) } }) else { throw PhotoSourceError.fileSystem(errno: errno, reading: "\"\(name)\"") }
        self = status
    }

    /// Calls a `stat`-family function on a fresh buffer; `nil` (with `errno` set) when it fails.
    ///
    /// The buffer is allocated rather than written `stat()`, whose synthesized initializer
    /// MemberImportVisibility may attribute to CDispatch instead of Glibc.
    static func capture(_ call: (UnsafeMutablePointer<stat>) -> Int32) -> FileStatus? {
        let buffer = UnsafeMutablePointer<stat>.allocate(capacity: 1)
        defer { buffer.deallocate() }
        guard call(buffer) == 0 else { return nil }
        return FileStatus(buffer.pointee)
    }

    /// Whether `self` and `other` describe the same unchanged file (same inode, size and mtime).
    func isSameVersion(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size && modified == other.modified
    }
}
