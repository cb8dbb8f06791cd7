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
            scope: { scopeID in
                guard scopeID.isEmpty else {
                    throw PhotoSourceError(.notFound, "\(preselected.title) has no albums, so there is no \"\(scopeID)\"; list the top.")
                }
                return .root
            },
            item: { itemID in
                // List only the page the entry is on, so only its neighbours' headers are probed.
                let count = preselected.maximumPageSize
                guard let index = preselected.entries.firstIndex(where: { $0.id == itemID }),
                      let item = try await preselected.items(in: .root, page: index / count, count: count).contentItems
                          .first(where: { $0.id == itemID })
                else {
                    throw PhotoSourceError(.notFound, "\(preselected.title) has no photo \"\(itemID)\"; `ls` shows the ids.")
                }
                return item
            },
            saveOriginal: nil)
    }
}
