public import Foundation
import PhotoNetworking
import PhotoSourceKit
public import SampleSources

extension ServiceSource {
    /// A demo-cloud-compatible photo API at `baseURL` (its origin trusted): every customer signs
    /// in with their own account (through `signInFlow`), and the source is opened over that
    /// customer's tokens only.
    public static func cloud(
        baseURL: URL, id: String, clientID: String = DemoCloud.defaultClientID, signInFlow: CloudSignIn.Flow = .authorizationCode
    ) throws -> ServiceSource {
        @Sendable func open(_ credentials: any CredentialStore) throws -> ServiceSource {
            let cloud = try RemoteAlbumSource(baseURL: baseURL, credentialStore: credentials, clientID: clientID)
            return ServiceSource(
                id: id, source: cloud, requiresSignIn: true,
                scope: { scopeID in scopeID.isEmpty ? .root : ItemScope.root.appending(id: scopeID, title: scopeID) },
                item: { itemID in try await cloud.item(id: itemID) },
                originalFile: nil)
        }
        var entry = try open(InMemoryCredentialStore())
        let root = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        entry.signIn = CloudSignIn(
            authorizationEndpoint: URL(string: root + "/oauth/authorize")!, tokenEndpoint: URL(string: root + "/oauth/token")!,
            clientID: clientID, scopes: ["photos.read"], deviceAuthorizationEndpoint: URL(string: root + "/oauth/device")!,
            flow: signInFlow, open: open)
        return entry
    }
}
