import Dispatch
import Foundation
// `stat`'s members belong to CDispatch under MemberImportVisibility (see AssetVersion.swift).
#if canImport(CDispatch)
internal import CDispatch
#endif
#if canImport(Glibc)
// `struct stat` may be attributed to CDispatch (which includes <sys/stat.h> too), depending on
// which files the compiler builds together; importing it keeps MemberImportVisibility satisfied.
import CDispatch
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PhotoSourceKit

/// The service's data at rest is its own: the state folder and every folder in it are `0700`,
/// every file `0600` (assets `0400`), whatever the umask of the process that started it.
///
/// Customers' sessions, sealed sign-ins and cloud photos live there, so no other local user may
/// read them; and a state folder another user can write is refused, since that user could
/// replace the database or plant an asset.
enum PrivateDirectory {
    /// The permissions of every folder the service makes.
    static let folderMode: mode_t = 0o700
    /// The permissions of every file the service writes (the database, spooled originals, sidecars).
    static let fileMode: mode_t = 0o600
    /// The permissions of a stored asset: content-addressed, so never rewritten.
    static let assetMode: mode_t = 0o400

    /// Makes the state folder ready: creates it (and missing parents) `0700`, or checks an
    /// existing one and tightens it to `0700`.
    ///
    /// - Throws: `.accessDenied` when the folder belongs to another user or others may write it
    ///   (group or world write permission), saying how to fix it; the file system's error when
    ///   it cannot be made.
    static func prepareState(_ folder: URL) throws {
        var info = stat()
        if stat(folder.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw PhotoSourceError(.invalidData, "The state folder \(folder.path) is not a folder; set stateDirectory to a folder.")
            }
            if info.st_uid != geteuid() {
                throw PhotoSourceError(
                    .accessDenied,
                    "The state folder \(folder.path) belongs to user \(info.st_uid), not to the user the service runs as (\(geteuid())); "
                        + "give it to that user (chown) or choose another stateDirectory.")
            }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
                throw PhotoSourceError(
                    .accessDenied,
                    "The state folder \(folder.path) may be written by other users (mode \(String(info.st_mode & 0o777, radix: 8))); "
                        + "it holds customers' sessions and photos, so the service does not start on it. Run chmod 700 on it, "
                        + "check that nothing in it was planted, and start again.")
            }
        }
        try make(folder)
    }

    /// Creates `folder` and every missing parent `0700` (the umask cannot widen or narrow it),
    /// and sets `folder` itself to `0700` when it exists already.
    static func make(_ folder: URL) throws {
        var missing: [String] = []
        var path = folder.standardizedFileURL.path
        while !path.isEmpty, path != "/", access(path, F_OK) != 0 {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        for path in missing.reversed() {
            if mkdir(path, folderMode) != 0, errno != EEXIST {
                throw PhotoSourceError.fileSystem(errno: errno, "Could not create the folder \(path).")
            }
            guard chmod(path, folderMode) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not set the permissions of \(path).") }
        }
        guard chmod(folder.path, folderMode) == 0 else {
            throw PhotoSourceError.fileSystem(errno: errno, "Could not set the permissions of \(folder.path).")
        }
    }

    /// Creates `file` empty `0600` when it is missing, else sets it to `0600`, before a library
    /// that creates files with its own permissions (SQLite: `0644` less the umask) opens it.
    static func makeFile(_ file: URL) throws {
        let fd = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, fileMode)
        guard fd >= 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not create \(file.path).") }
        defer { close(fd) }
        guard fchmod(fd, fileMode) == 0 else { throw PhotoSourceError.fileSystem(errno: errno, "Could not set the permissions of \(file.path).") }
    }

    /// Sets `file` to `mode` when it exists (files an earlier version wrote more openly).
    static func tighten(_ file: URL, mode: mode_t = fileMode) throws {
        guard chmod(file.path, mode) == 0 || errno == ENOENT else {
            throw PhotoSourceError.fileSystem(errno: errno, "Could not set the permissions of \(file.path).")
        }
    }
}
