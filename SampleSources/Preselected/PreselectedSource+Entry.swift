public import Foundation

extension PreselectedSource {
    /// One photo of a preselected list.
    public enum Entry: Sendable, Hashable {
        /// A photo at an `http` or `https` URL.
        case remote(URL)
        /// A file, by its path relative to the source's ``PreselectedSource/fileRoot``
        /// (normalised: no `.` components, no repeated or trailing slashes).
        case file(path: String)

        /// The item id: the URL as written, or the relative path.
        public var id: String {
            switch self {
            case .remote(let url): url.absoluteString
            case .file(let path): path
            }
        }

        /// The last path component, percent-decoded for URLs (the host for a URL without a path).
        public var title: String {
            switch self {
            case .remote(let url):
                let name = url.lastPathComponent
                return name.isEmpty || name == "/" ? (url.host ?? url.absoluteString) : name
            case .file(let path):
                return String(path.split(separator: "/").last ?? Substring(path))
            }
        }

        /// The URL a print server may fetch the photo from itself (`nil` for files).
        public var publicURL: URL? {
            if case .remote(let url) = self { return url }
            return nil
        }
    }
}
