import Foundation
import Hummingbird
import Prometheus

/// `GET /v1/health` (liveness), `GET /v1/ready` (readiness), `GET /metrics` (Prometheus text)
/// and `GET /openapi.yaml` (the contract).
struct SystemController {
    let dependencies: ServiceDependencies
    let registry: PrometheusCollectorRegistry

    /// The body of `GET /v1/ready`.
    struct Readiness: Encodable {
        /// `ready` or `not-ready`.
        var status: String
        /// What each check found: `store`, and `assetStore` when orders are kept.
        var checks: [String: StorageCheck]
    }

    func addRoutes(to router: Router<ServiceRequestContext>) {
        // Liveness: the process answers. Cheap, touches nothing, so a full disk never restarts it.
        router.get("/v1/health") { _, _ in
            try JSONResponse.make(["status": "ok"])
        }
        // Readiness: the store and the asset store can take writes now; 503 when one cannot.
        router.get("/v1/ready") { _, _ in
            let readiness = await readiness()
            guard readiness.status == "ready" else {
                var response = try JSONResponse.make(readiness, status: .serviceUnavailable)
                response.headers[.retryAfter] = String(StorageFull.retryAfterSeconds)
                return response
            }
            return try JSONResponse.make(readiness)
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.text)))
        }
    }

    /// Every check; the asset store only exists where orders are kept.
    func readiness() async -> Readiness {
        var checks = ["store": await dependencies.store.readiness()]
        if (try? dependencies.orderStore()) != nil {
            checks["assetStore"] = await AssetStore.readiness(root: AssetStore.root(for: dependencies.configuration))
        }
        return Readiness(status: checks.values.allSatisfy { $0.status == .ok } ? "ready" : "not-ready", checks: checks)
    }
}
