import Foundation
import PhotoNetworking
import PhotoSourceKit
import PhotoSourceService

/// The REPL's side of the order service's HTTP API, spoken as a shop's page would speak it:
/// `POST /v1/sessions` (with the API key), `POST /v1/orders` (with an `Idempotency-Key`),
/// `GET /v1/orders/{id}`. Problems (`application/problem+json`) become ``PhotoSourceError``s
/// carrying the service's `detail` sentence.
struct OrderAPIClient: Sendable {
    /// `http://127.0.0.1:PORT`.
    let baseURL: URL
    /// The API key or the session token.
    let bearer: String
    var client: HTTPClient = .shared

    /// The body of `POST /v1/orders`.
    struct NewOrder: Encodable, Sendable {
        struct Line: Encodable, Sendable {
            let source: String
            let itemId: String
            let copies: Int
            var crop: OrderLineLayout.Crop? = nil
            var sizing: OrderLineLayout.Sizing? = nil
        }

        let reference: String
        let product: String
        let items: [Line]
        let destinations: [String]?
        var recipient: OrderRecipient? = nil
    }

    /// Opens a customer session; returns its token.
    func createSession() async throws -> String {
        struct Created: Decodable { let token: String }
        return try decode(Created.self, from: try await send("POST", "/v1/sessions")).token
    }

    /// Places `order` once per `idempotencyKey`; returns the order's id.
    func place(_ order: NewOrder, idempotencyKey: String) async throws -> String {
        struct Created: Decodable { let id: String }
        let body = try JSONEncoder().encode(order)
        let data = try await send("POST", "/v1/orders", body: body, headers: ["Idempotency-Key": idempotencyKey, "Content-Type": "application/json"])
        return try decode(Created.self, from: data).id
    }

    /// The order as it stands now.
    func order(_ id: String) async throws -> OrderSnapshot {
        try decode(OrderSnapshot.self, from: try await send("GET", "/v1/orders/" + id))
    }

    /// One request with the bearer; a refusal becomes a ``PhotoSourceError`` with the service's sentence.
    func send(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> Data {
        guard let url = URL(string: baseURL.absoluteString + path) else {
            throw PhotoSourceError(.invalidData, "\(path) is not a path of the order service.")
        }
        var options = HTTPOptions(addressPolicy: try AddressPolicy.trusting(origins: [baseURL.absoluteString]))
        options.totalTimeout = .seconds(120)
        let request = HTTPRequest(
            url: url, method: method, headers: headers.merging(["Authorization": "Bearer " + bearer]) { $1 }, body: body, options: options)
        do {
            return try await client.send(request).body
        } catch let error as PhotoSourceError {
            throw Self.problem(in: error) ?? error
        }
    }

    /// The service's own sentence for a refused request, with its code, when the answer was a problem document.
    private static func problem(in error: PhotoSourceError) -> PhotoSourceError? {
        struct Problem: Decodable {
            let code: String
            let detail: String
        }
        guard let response = (error.underlying as? HTTPStatusError)?.response,
              let problem = try? JSONDecoder().decode(Problem.self, from: response.body)
        else { return nil }
        // The HTTP status's code, not the problem's: a `not-logged-in` here is about the order's
        // source, which need not be the source the REPL is on (whose sign-in hint it would get).
        return PhotoSourceError(error.code, problem.detail, detail: problem.code, underlying: error)
    }

    /// `data` as `type`; something else is an `.invalidData` error.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw PhotoSourceError(.invalidData, "The order service answered with something the REPL cannot read.", underlying: error)
        }
    }
}
