import Foundation
import PhotoNetworking
import PhotoSourceKit

/// Turns one line of a preselected list into an entry, applying the address policy to URLs and
/// the folder rules to paths. Pure apart from resolving the root once: nothing is fetched or read.
struct EntryParser: Sendable {
    /// Where files may come from.
    struct FileRules: Sendable {
        /// The root with its symlinks resolved; reads go through it.
        let resolver: LocalPathResolver
        /// The root as given, standardised (absolute entries may be written against either spelling).
        let givenRoot: String

        /// Rules for the folder `root`; throws `.notFound` when it is not a folder.
        init(root: URL) throws {
            resolver = try LocalPathResolver(root: root)
            givenRoot = root.standardizedFileURL.path
        }
    }

    /// The policy every URL must pass.
    let policy: AddressPolicy
    /// The folder rules, or `nil` when files are not allowed.
    let files: FileRules?

    /// The entry `text` (already trimmed) names.
    ///
    /// - Throws: `.accessDenied` for a refused address, a scheme other than http, https or file,
    ///   or a path leaving the root (or any path when there is no root); `.invalidData` for a
    ///   malformed URL or a path naming no file.
    func entry(_ text: String) throws -> PreselectedSource.Entry {
        guard !text.isEmpty else { throw PhotoSourceError(.invalidData, "The entry is empty; give a URL or a file path.") }
        guard let scheme = Self.scheme(of: text) else { return .file(path: try relativePath(text)) }
        switch scheme {
        case "http", "https":
            guard let url = URL(string: text), url.host?.isEmpty == false else {
                throw PhotoSourceError(.invalidData, "\"\(text)\" is not a valid URL.")
            }
            do {
                try policy.check(url: url)
            } catch let error as PhotoSourceError {
                throw PhotoSourceError(
                    .accessDenied, "\(error.message) To fetch it anyway, add its origin to the allowed origins.",
                    detail: error.detail, underlying: error)
            }
            return .remote(url)
        case "file":
            guard let url = URL(string: text), url.isFileURL, url.host.map({ $0.isEmpty || $0 == "localhost" }) ?? true else {
                throw PhotoSourceError(.invalidData, "\"\(text)\" is not a valid file URL; write file:///path/to/photo.jpg.")
            }
            return .file(path: try relativePath(url.path))
        default:
            throw PhotoSourceError(
                .accessDenied, "\"\(text)\" is a \(scheme): URL; only http, https and file URLs or file paths can be listed.")
        }
    }

    /// The scheme of `text` lowercased when it starts like `scheme://`, else `nil` (a path).
    static func scheme(of text: String) -> String? {
        guard let range = text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) else { return nil }
        return text[range].dropLast(3).lowercased()
    }

    /// The normalised path relative to the root, after the folder rules.
    private func relativePath(_ path: String) throws -> String {
        guard let files else {
            throw PhotoSourceError(
                .accessDenied, "\"\(path)\" is a file, but this source was given no folder for files; pass a file root to allow files inside it.")
        }
        let components = path.split(separator: "/").filter { $0 != "." }
        if components.contains("..") || path.contains("\0") {
            throw PhotoSourceError(.accessDenied, "\"\(path)\" contains \"..\" or a NUL byte; paths may not leave the folder \(files.givenRoot).")
        }
        var relative = components.joined(separator: "/")
        if path.hasPrefix("/") {
            let absolute = "/" + relative
            guard let inside = [files.resolver.root.path, files.givenRoot].lazy.compactMap({ Self.path(absolute, below: $0) }).first else {
                throw PhotoSourceError(
                    .accessDenied, "\(absolute) is outside the folder \(files.givenRoot); only files inside it can be listed.")
            }
            relative = inside
        }
        guard !relative.isEmpty else {
            throw PhotoSourceError(.invalidData, "\"\(path)\" names the folder itself, not a photo.")
        }
        try LocalPathResolver.validate(id: relative)
        return relative
    }

    /// `absolute` relative to `root` when it lies below it, else `nil`.
    private static func path(_ absolute: String, below root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }
}
