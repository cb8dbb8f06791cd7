import Foundation
import PhotoSourceKit
import SampleSources

extension SourceResolver.Kind {
    /// `urls:FILE`: a preselected list of photo URLs and file paths, one per line; file paths
    /// are relative to FILE's folder, URLs must be public or on an allowed origin.
    static let urls = SourceResolver.Kind(name: "urls", syntax: "urls:FILE", takesArgument: true) { path, network in
        let file = SourceResolver.expandPath(path, isDirectory: false)
        return ResolvedSource(preselected: try PreselectedSource.load(listFile: file, allowedOrigins: network.allowedOrigins))
    }
}

extension ResolvedSource {
    /// A preselected list: one scope (the top), items found by the id `ls --json` shows.
    init(preselected: PreselectedSource) {
        self.init(
            source: preselected,
            scope: { try preselected.scope(id: $0) },
            item: { try await preselected.item(id: $0) },
            saveOriginal: nil)
    }
}
