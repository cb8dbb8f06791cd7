import Foundation
import Hummingbird
import SampleSources
import PhotoSourceKit

/// `GET /picker/` (the web picker's page) and `GET /picker/{asset}` (its scripts, styles and
/// icons under content-hashed names, `immutable`). `GET /picker` redirects to `/picker/`, so
/// the page's relative links resolve.
struct PickerController {
    let assets: PickerAssets
    let policy: PickerPolicy
    /// The page with the shop origins filled in.
    let page: String

    init(dependencies: ServiceDependencies, assets: PickerAssets = .bundled) {
        let configuration = dependencies.configuration
        self.assets = assets
        policy = PickerPolicy(settings: configuration.picker, publicBaseURL: configuration.publicBaseURL)
        page = assets.index.replacingOccurrences(
            of: "{{shopOrigins}}", with: HTMLText.escaped(configuration.picker.shopOrigins.joined(separator: " ")))
    }

    /// One year, the longest `max-age` caches honour; the name changes when the bytes do.
    static let immutable = "public, max-age=31536000, immutable"

    func addRoutes(to router: Router<ServiceRequestContext>) {
        // Hummingbird matches `/picker` and `/picker/` alike; only the latter resolves `./app.js` right.
        router.get("/picker") { request, _ in
            guard request.uri.path.hasSuffix("/") else {
                let query = request.uri.query.map { "?" + $0 } ?? ""
                return Response(status: .movedPermanently, headers: [.location: "/picker/" + query])
            }
            return Response(
                status: .ok, headers: .pickerPage(policy: policy.page), body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.get("/picker/:asset") { _, context in
            let name = try context.parameters.require("asset")
            guard let asset = assets.byHashedName[name] else {
                throw PhotoSourceError(.notFound, "The picker has no file \(name); reload the picker to get the current names.")
            }
            return Response(
                status: .ok,
                headers: [.contentType: asset.contentType, .cacheControl: Self.immutable, .contentSecurityPolicy: policy.page],
                body: .init(byteBuffer: ByteBuffer(string: asset.body)))
        }
    }
}
