import Foundation
import Hummingbird
import Prometheus

/// `GET /v1/health`, `GET /metrics` (Prometheus text) and `GET /openapi.yaml` (the contract).
struct SystemController {
    let dependencies: ServiceDependencies
    let registry: PrometheusCollectorRegistry

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.get("/v1/health") { _, _ in
            try JSONResponse.make(["status": "ok"])
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
}
