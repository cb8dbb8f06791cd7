import Foundation
import PhotoSourceKit
import SampleSources

extension SourceResolver {
    /// The kinds this build knows: `demo`, `local:PATH`, `cloud:URL` and `urls:FILE`.
    static let standard = SourceResolver(kinds: [.demo, .local, .cloud, .urls])
}

extension SourceResolver.Kind {
    /// `demo`: the embedded sample library, generated into the cache folder on first use.
    static let demo = SourceResolver.Kind(name: "demo", syntax: "demo", takesArgument: false) { _, _ in
        ResolvedSource(folder: try DemoLibrary.source())
    }

    /// `local:PATH`: a folder, its subfolders as albums.
    static let local = SourceResolver.Kind(name: "local", syntax: "local:PATH", takesArgument: true) { path, _ in
        let root = SourceResolver.expandPath(path)
        do {
            return ResolvedSource(folder: try LocalFolderSource(root: root))
        } catch let error as PhotoSourceError where error.code == .notFound {
            throw PhotoSourceError(
                .notFound, "The folder \(root.path) does not exist or is not a folder; check the path after local:.",
                detail: error.detail, underlying: error)
        }
    }
}
