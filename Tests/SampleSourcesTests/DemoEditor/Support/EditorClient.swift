import Foundation
import PhotoNetworking
import PhotoSourceKit

/// GETs from the demo editor as a browser would, returning the status and body whatever the status.
enum EditorClient {
    static func get(_ url: URL) async throws -> (status: Int, body: Data, contentType: String?) {
        let origin = "http://127.0.0.1:\(url.port ?? 80)"
        let request = HTTPRequest(url: url, options: HTTPOptions(addressPolicy: try .trusting(origins: [origin]), retry: .none))
        do {
            let response = try await HTTPClient.shared.send(request)
            return (response.status, response.body, response.header("content-type"))
        } catch let error as PhotoSourceError {
            guard let failed = (error.underlying as? HTTPStatusError)?.response else { throw error }
            return (failed.status, failed.body, failed.header("content-type"))
        }
    }

    /// `<editor>/edit?image=<image>&return=<return>`, each value percent-encoded.
    static func editURL(_ editor: URL, image: String?, returnTo: String?) -> URL {
        var components = URLComponents(url: editor.appendingPathComponent("edit"), resolvingAgainstBaseURL: false)!
        components.queryItems = [image.map { URLQueryItem(name: "image", value: $0) }, returnTo.map { URLQueryItem(name: "return", value: $0) }].compactMap { $0 }
        return components.url!
    }
}
