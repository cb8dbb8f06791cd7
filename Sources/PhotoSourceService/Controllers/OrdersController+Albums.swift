import Foundation
import PhotoSourceKit

extension OrdersController {
    /// Checks a whole-album line (`{source, scope}`) when the order is placed: the source exists
    /// for the caller and the album is one the caller can open. Nothing is listed: the album's
    /// photos become lines when the order is materialised (``OrderPipeline``), so a 10,000-photo
    /// album is accepted as fast as one photo.
    ///
    /// - Throws: a `400 invalid-data` ``Problem`` at `$.items[N].source` for a source there is
    ///   not, at `$.items[N].scope` for an album the caller cannot open (unknown, not an album,
    ///   outside the source); the source's own error (502 when it does not answer, 401 when a
    ///   sign-in is missing) as for a photo line.
    func checkAlbum(_ line: OrderRequest.Line, at index: Int, caller: Caller) async throws {
        let scopeID = line.scope ?? ""
        let path = "$.items[\(index)]"
        guard (try? dependencies.catalog.source(line.source)) != nil else {
            throw FieldProblem.problem(
                [FieldProblem(path: path + ".source", detail: "\"\(line.source)\" is not a source of this service; GET /v1/sources lists them.")],
                summary: "The order has 1 problem(s):")
        }
        let dependencies = dependencies
        do {
            _ = try await dependencies.withSource(line.source, session: caller.session ?? "") { entry in
                try await dependencies.withSourceTimeout { try await entry.scope(scopeID) }
            }
        } catch let error as PhotoSourceError where [.notFound, .accessDenied, .invalidData].contains(error.code) {
            throw FieldProblem.problem(
                [FieldProblem(path: path + ".scope", detail: "is not an album this session can open in \(line.source): \(error.message)")],
                summary: "The order has 1 problem(s):")
        } catch let error as PhotoSourceError {
            throw PhotoSourceError(error.code, "items[\(index)] (\(line.source) album \(scopeID)): \(error.message)", underlying: error)
        }
    }
}
