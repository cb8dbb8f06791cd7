import Foundation
import PhotoNetworking
import PhotoSourceKit

extension PrintLabDestination {
    /// Asks the lab to cancel its order `externalID` (Prodigi v4: `POST {orders}/{id}/actions/cancel`;
    /// Gelato v4: `POST {orders}/{id}:cancel`)
    /// and says what it answered; never throws, because every answer is news for the shop.
    ///
    /// - A 2xx whose `outcome` is `Cancelled` (or that names no outcome) confirms.
    /// - A 2xx with another outcome (`FailedToCancel`, `ActionNotAvailable`), or a 4xx (but 408
    ///   and 429), is a refusal: the lab goes on (already printing, shipped); its `message` is the reason.
    /// - A 5xx, 408, 429 or no answer at all is `unreachable`: nothing is known, and nothing changes.
    public func cancel(externalID: String) async -> DeliveryCancellation {
        let request: HTTPRequest
        do {
            request = try cancelRequest(externalID: externalID)
        } catch {
            return DeliveryCancellation(outcome: .unreachable, reason: "Print lab \(id) has no cancel URL for order \(externalID).")
        }
        do {
            let response = try await client.send(request)
            let answer = try? JSONDecoder().decode(CancelAnswer.self, from: response.body)
            if let outcome = answer?.outcome, outcome.lowercased() != "cancelled" {
                return DeliveryCancellation(outcome: .refused, reason: answer?.message ?? "Print lab \(id) answered \(outcome).")
            }
            return DeliveryCancellation(outcome: .confirmed, reason: answer?.message)
        } catch let error as PhotoSourceError {
            guard let response = (error.underlying as? HTTPStatusError)?.response, (400..<500).contains(response.status),
                  response.status != 408, response.status != 429
            else {
                return DeliveryCancellation(outcome: .unreachable, reason: "Print lab \(id) could not be asked to cancel: \(error.message)")
            }
            let answer = try? JSONDecoder().decode(CancelAnswer.self, from: response.body)
            return DeliveryCancellation(
                outcome: .refused, reason: answer?.message ?? "Print lab \(id) refused to cancel order \(externalID) (HTTP \(response.status)).")
        } catch {
            return DeliveryCancellation(outcome: .unreachable, reason: "Print lab \(id) could not be asked to cancel: \(error)")
        }
    }

    /// The lab's answer to a cancel request, as far as it is read: `{"outcome", "message"}`.
    private struct CancelAnswer: Decodable {
        let outcome: String?
        let message: String?
    }
}
