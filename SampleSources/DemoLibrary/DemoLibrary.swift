public import Foundation
import PhotoSourceKit

/// The embedded sample library: about 150 generated photos in nested albums (three levels deep,
/// such as `Travel/Italy/Rome`), an album of 2,000 small scans to show paging, landscape and
/// portrait photos from 640×480 to 6000×4000, PNGs with alpha, and EXIF-rotated JPEGs.
///
/// The photos are painted on first use (gradients, shapes and a caption with the photo's name
/// and size), deterministically: the same bytes on every machine. They go into a temporary
/// folder that is renamed into place only when complete, so a crash never leaves half a library.
public enum DemoLibrary {
    /// The name of the library's folder; a new version gets a new folder.
    public static let version = "demo-library-v1"
    /// The hidden marker file a complete library has at its root.
    static let markerName = ".demo-library"

    /// Where the library lives by default: `$XDG_CACHE_HOME/photosource/demo-library-v1`,
    /// or `$HOME/.cache/photosource/demo-library-v1`.
    public static var defaultFolder: URL { defaultFolder(environment: ProcessInfo.processInfo.environment) }

    /// ``defaultFolder`` for the given environment (relative paths in it are ignored).
    static func defaultFolder(environment: [String: String]) -> URL {
        let cache: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cache = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            // $HOME first, as the XDG spec says (it differs from the passwd entry under sudo and in containers).
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
                ?? FileManager.default.homeDirectoryForCurrentUser
            cache = home.appendingPathComponent(".cache", isDirectory: true)
        }
        return cache.appendingPathComponent("photosource", isDirectory: true).appendingPathComponent(version, isDirectory: true)
    }

    /// Makes sure the library exists at `folder` (``defaultFolder`` when `nil`), generating it
    /// if needed, and returns its root.
    ///
    /// - Throws: `.invalidData` when `folder` exists, is not empty and is not a demo library;
    ///   `.accessDenied` or `.unknown` when the files cannot be written.
    public static func ensure(at folder: URL? = nil, progress: Progress? = nil) throws -> URL {
        let root = (folder ?? defaultFolder).standardizedFileURL
        if isComplete(root) { return root }
        try DemoLibraryWriter(root: root).write(DemoPlan.photos, progress: progress)
        return root
    }

    /// Hears that `written` of `total` photos are done while a library is generated (from any thread).
    public typealias Progress = @Sendable (_ written: Int, _ total: Int) -> Void

    /// Whether the library at `folder` (``defaultFolder`` when `nil`) is already generated, so
    /// ``ensure(at:progress:)`` would return at once.
    public static func exists(at folder: URL? = nil) -> Bool {
        isComplete((folder ?? defaultFolder).standardizedFileURL)
    }

    /// The library as a photo source titled "Sample Library" with id "demo", generated if needed.
    public static func source(at folder: URL? = nil) throws -> LocalFolderSource {
        try LocalFolderSource(root: ensure(at: folder), id: "demo", title: "Sample Library")
    }

    /// The contents of the marker file of a complete library.
    static var markerContents: Data {
        Data("\(version)\nphotos: \(DemoPlan.photos.count)\n".utf8)
    }

    /// Whether `root` holds a complete library of this version.
    static func isComplete(_ root: URL) -> Bool {
        (try? Data(contentsOf: root.appendingPathComponent(markerName))) == markerContents
    }
}
