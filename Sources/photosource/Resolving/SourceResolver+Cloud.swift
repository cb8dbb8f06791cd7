import Foundation
import PhotoNetworking
import PhotoSourceKit
import SampleSources

extension SourceResolver.Kind {
    /// `cloud:URL`: a demo-cloud-compatible photo API at URL, whose origin is trusted (so a
    /// cloud on loopback works). Sign-ins are kept in the encrypted credential store, and
    /// `login` approves them the way the demo cloud's auto-approve mode expects.
    static let cloud = SourceResolver.Kind(name: "cloud", syntax: "cloud:URL", takesArgument: true) { text, network in
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw PhotoSourceError(.invalidData, "\"\(text)\" is not a cloud address; write one like cloud:http://127.0.0.1:8080.")
        }
        let source = try RemoteAlbumSource(
            baseURL: url, credentialStore: try network.credentialStore(), allowedOrigins: network.allowedOrigins,
            autoApprove: true, signInMethod: .browser)
        return ResolvedSource(cloud: source)
    }
}

extension ResolvedSource {
    /// A cloud source: SCOPE-ID is an album id, ITEM-ID a photo id, looked up through the API.
    init(cloud: RemoteAlbumSource) {
        self.init(
            source: cloud,
            scope: { scopeID in
                scopeID.isEmpty ? .root : ItemScope.root.appending(id: scopeID, title: scopeID)
            },
            item: { itemID in try await cloud.item(id: itemID) },
            saveOriginal: { item, file, progress in try await cloud.saveOriginal(of: item, to: file, progress: progress) })
    }
}
