import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
@testable import PhotoSourceService

/// The shop's webhook endpoint, for a real ``OrderTestServer`` on loopback: it checks every
/// request's signature, records what arrived, and answers as the test says (2xx, a failure, or a
/// stall that keeps the request in flight).
final class WebhookReceiver: Sendable {
    /// How the endpoint answers the next request.
    enum Answer: Sendable {
        case accept
        case fail
        /// Records the request, then waits this long before answering 204 (the sender has usually given up by then).
        case stall(Duration)
    }

    /// One request as it arrived.
    struct Received: Sendable {
        /// The `Webhook-Id` header.
        var headerID: String?
        /// The body's `id`, `type`, order id and status, and its delivery's destination and state.
        var id: String, type: String, order: String, status: String, delivery: String?
        /// Whether `Webhook-Signature` verified under the shared secret.
        var verified: Bool
        var answered: Answer
        var body: Data
    }

    static let secret = "shop-webhook-secret-for-tests"
    let signer = try! WebhookSigner(secrets: [WebhookReceiver.secret])
    let received = Shared<[Received]>([])
    /// Decides the answer from the number of the request (1-based).
    let answer: Shared<@Sendable (Int) -> Answer>

    init(_ answer: @escaping @Sendable (Int) -> Answer = { _ in .accept }) {
        self.answer = Shared(answer)
    }

    /// The requests the endpoint answered with a 2xx.
    var accepted: [Received] { received.value.filter { if case .accept = $0.answered { true } else { false } } }

    var router: Router<BasicRequestContext> {
        let router = Router()
        router.post("/hooks") { request, _ -> Response in
            let body = Data(try await request.body.collect(upTo: 1 << 20).readableBytesView)
            let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
            let data = json["data"] as? [String: Any] ?? [:]
            let order = data["order"] as? [String: Any] ?? [:]
            let delivery = (data["delivery"] as? [String: Any]).map { "\($0["id"] ?? "")=\($0["state"] ?? "")" }
            let verified = (try? self.signer.verify(header: request.headers[.init("Webhook-Signature")!], body: body)) != nil
            let answer = self.received.update { received -> Answer in
                let answer = self.answer.value(received.count + 1)
                received.append(Received(
                    headerID: request.headers[.init("Webhook-Id")!], id: json["id"] as? String ?? "", type: json["type"] as? String ?? "",
                    order: order["id"] as? String ?? "", status: order["status"] as? String ?? "", delivery: delivery,
                    verified: verified, answered: answer, body: body))
                return answer
            }
            switch answer {
            case .accept: return Response(status: .noContent)
            case .fail: return Response(status: .internalServerError)
            case .stall(let duration):
                try? await Task.sleep(for: duration)
                return Response(status: .noContent)
            }
        }
        return router
    }
}
