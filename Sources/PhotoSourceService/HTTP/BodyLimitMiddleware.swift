import Hummingbird
import PhotoSourceKit

/// Refuses bodies over the configured limit with 413 before a handler reads them: by
/// `Content-Length` when given, else by collecting at most the limit. Upload chunks (`PATCH
/// /v1/uploads/{id}`) and hand-off returns (`POST /v1/handoffs/{token}/return`) pass
/// uncollected: their routes read them under their own caps.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maximumBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Upload chunks are streamed to disk by their route, under the uploads' own cap.
        if (UploadsController.streamsBody(request) || HandoffReturnController.streamsBody(request)) { return try await next(request, context) }
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maximumBytes {
            throw tooLarge
        }
        if request.method == .post || request.method == .put || request.method == .patch {
            do {
                _ = try await request.collectBody(upTo: maximumBytes)
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                // Collecting past the limit throws NIO's NIOTooManyBytesError (a 413
                // HTTPResponseError), not an HTTPError: catch both, so the detail names the limit.
                throw tooLarge
            }
        }
        return try await next(request, context)
    }

    private var tooLarge: Problem {
        Problem(status: .contentTooLarge, code: .tooLarge, detail: "The request body is larger than \(maximumBytes) bytes.")
    }
}
