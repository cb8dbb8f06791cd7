import Foundation
import PhotoSourceKit

/// The body of `POST /v1/handoffs`: a photo (`source`, `itemId`) for a catalog handler's action
/// (`handler`, `action`) or for one of the shop's custom actions (`custom`).
struct HandoffRequest: Decodable, Sendable {
    /// The photo's source id.
    var source: String
    /// The photo's id in that source.
    var itemId: String
    /// The catalog handler (with ``action``); `nil` for a custom action.
    var handler: String?
    /// The handler's action (`edit`…).
    var action: String?
    /// The shop's custom action (instead of ``handler`` and ``action``).
    var custom: String?

    /// Decodes and checks `body`.
    /// - Throws: a `400 invalid-data` ``Problem`` with every field problem at its JSON path.
    static func parse(_ body: Data) throws -> HandoffRequest {
        let request: HandoffRequest
        do {
            request = try JSONDecoder().decode(HandoffRequest.self, from: body)
        } catch let error as DecodingError {
            throw FieldProblem.problem([OrderRequest.decodingProblem(error)], summary: Self.shape)
        } catch {
            throw PhotoSourceError(.invalidData, "The hand-off is not valid JSON. \(Self.shape)")
        }
        var problems = FieldProblems()
        problems.check(!request.source.isEmpty, "$.source", "is required: the id of the photo's source.")
        problems.check(
            !request.itemId.isEmpty && request.itemId.utf8.count <= ItemIdentifier.maximumBytes, "$.itemId",
            "is required: the photo's id in its source (at most \(ItemIdentifier.maximumBytes) bytes).")
        switch (request.handler, request.action, request.custom) {
        case (.some, .some, nil), (nil, nil, .some): break
        case (.some, nil, nil): problems.add("$.action", "is required with handler: the action to launch, such as edit.")
        case (nil, .some, nil): problems.add("$.handler", "is required with action: the catalog handler's id.")
        case (nil, nil, nil): problems.add("$.handler", "is required: a catalog handler's id and its action, or custom.")
        default: problems.add("$.custom", "goes alone: send either handler and action, or custom.")
        }
        guard problems.isEmpty else { throw FieldProblem.problem(problems.all, summary: "The hand-off has \(problems.all.count) problem(s):") }
        return request
    }

    static let shape = "A hand-off is {source, itemId, handler, action} or {source, itemId, custom}:"
}
