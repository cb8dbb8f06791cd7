public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps item ids (paths relative to a root folder) to files, refusing anything that would leave the root.
///
/// Refused with `.accessDenied`: an id with a `..` component, an absolute path, a NUL byte,
/// or a path whose symlinks resolve outside the root. A missing file is `.notFound`.
///
/// Ids and paths are ``EncodedFileName`` paths: a name that is not valid UTF-8 is `.%` plus the
/// name with its stray bytes as `%XX`, and is opened by its original bytes.
public struct LocalPathResolver: Sendable, Hashable {
    /// The root folder, with its own symlinks resolved.
    public let root: URL

    /// Creates a resolver for `root`; throws `.notFound` when it is not an existing folder.
    public init(root: URL) throws {
        let resolved = try Self.realPath(root.path)
        var info = stat()
        guard EncodedFileName.withFileSystemPath(resolved, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw PhotoSourceError(.notFound, "The folder \(root.path) does not exist or is not a folder.")
        }
        self.root = URL(fileURLWithPath: resolved, isDirectory: true)
    }

    /// Checks the shape of an id without touching the disk.
    public static func validate(id: String) throws {
        if id.hasPrefix("/") {
            throw PhotoSourceError(.accessDenied, "The item id \"\(id)\" is an absolute path; ids are relative to the source's folder.")
        }
        if id.contains("\0") {
            throw PhotoSourceError(.accessDenied, "The item id contains a NUL byte.")
        }
        if id.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." }) {
            throw PhotoSourceError(.accessDenied, "The item id \"\(id)\" contains \"..\"; ids may not leave the source's folder.")
        }
    }

    /// Returns the file for `id` (empty id: the root), after checking that it stays inside the root.
    public func url(for id: String) throws -> URL {
        try Self.validate(id: id)
        if id.isEmpty { return root }
        let candidate = root.appendingPathComponent(id).path
        // Errors name the id, never the root: the message may reach a customer of a service.
        let resolved = try Self.realPath(candidate, named: "\"\(id)\"")
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard resolved == root.path || resolved.hasPrefix(rootPath) else {
            throw PhotoSourceError(.accessDenied, "The item \"\(id)\" is a link that leads outside the source's folder.")
        }
        return URL(fileURLWithPath: resolved)
    }

    /// `realpath(3)`, with errors mapped to ``PhotoSourceError`` naming the file as `name`
    /// (the path itself when `nil`).
    static func realPath(_ path: String, named name: String? = nil) throws -> String {
        guard let resolved = EncodedFileName.withFileSystemPath(path, { realpath($0, nil) }) else {
            throw PhotoSourceError.fileSystem(errno: errno, reading: name ?? EncodedFileName.displayPath(path))
        }
        defer { free(resolved) }
        return EncodedFileName.encode(fileSystemPath: resolved)
    }
}
