import Foundation
import Hummingbird
import NIOCore

/// `GET /edit?image=&return=` (the launch URL), `GET /icon.png` and `GET /icon@2x.png`.
struct EditorEndpoints: Sendable {
    let roundTrip: EditorRoundTrip

    func register(on router: Router<BasicRequestContext>) {
        router.get("edit") { request, _ -> Response in
            let query = request.uri.queryParameters
            do throws(EditorFailure) {
                let outcome = try await roundTrip.edit(image: query["image"].map(String.init), returnTo: query["return"].map(String.init))
                return EditorPage.done(outcome)
            } catch {
                return EditorPage.failed(error)
            }
        }
        router.get("icon.png") { _, _ in Self.png(EditorIcon.small) }
        router.get("icon@2x.png") { _, _ in Self.png(EditorIcon.large) }
    }

    private static func png(_ data: Data) -> Response {
        Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
