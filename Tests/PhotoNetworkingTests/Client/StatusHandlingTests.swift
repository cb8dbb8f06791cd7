import Foundation
import Hummingbird
import NIOCore
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// Which statuses fail at once, which are retried, and how Retry-After is honoured,
/// against a real server on 127.0.0.1 that answers from a script.
@Suite("HTTPClient status handling and retries")
struct StatusHandlingTests {
    /// One scripted answer.
    struct Answer: Sendable {
        var status: Hummingbird.HTTPResponse.Status
        var retryAfter: String?
        var body = ""
    }

    /// What the client made of the script, and how many requests reached the server.
    struct Outcome {
        let result: Result<PhotoNetworking.HTTPResponse, PhotoSourceError>
        let hits: Int

        var error: PhotoSourceError? {
            if case .failure(let error) = result { return error }
            return nil
        }

        var body: String? {
            if case .success(let response) = result { return String(decoding: response.body, as: UTF8.self) }
            return nil
        }
    }

    /// Serves `script` in order (the last answer repeats) and sends one request.
    private func exchange(
        _ script: [Answer], method: String = "GET",
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10))
    ) async throws -> Outcome {
        let hits = Counter()
        let router = Router()
        router.on("x", method: method == "POST" ? .post : .get) { _, _ in
            let answer = script[min(hits.next(), script.count) - 1]
            var headers = HTTPFields()
            if let retryAfter = answer.retryAfter { headers[.retryAfter] = retryAfter }
            return Response(status: answer.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.body)))
        }
        return try await LoopbackHTTPServer.with(router) { server in
            let request = PhotoNetworking.HTTPRequest(
                url: server.url("/x"), method: method, body: method == "POST" ? Data() : nil,
                options: try .testing(trusting: [server.origin], retry: retry))
            do {
                return Outcome(result: .success(try await HTTPClient.shared.send(request)), hits: hits.count)
            } catch let error as PhotoSourceError {
                return Outcome(result: .failure(error), hits: hits.count)
            }
        }
    }

    @Test func notFoundFailsAtOnceWithTheResponseAsCause() async throws {
        let outcome = try await exchange([Answer(status: .notFound, body: "no such photo")])
        let error = try #require(outcome.error)
        #expect(error.code == .notFound)
        #expect(outcome.hits == 1)
        let status = try #require(error.underlying as? HTTPStatusError)
        #expect(status.response.status == 404)
        #expect(String(decoding: status.response.body, as: UTF8.self) == "no such photo")
    }

    @Test(arguments: [
        (Hummingbird.HTTPResponse.Status.forbidden, PhotoSourceError.Code.accessDenied), (.unauthorized, .authentication),
        (.badRequest, .invalidData), (.gone, .notFound),
    ])
    func otherClientErrorsFailAtOnceWithTheirCode(status: Hummingbird.HTTPResponse.Status, code: PhotoSourceError.Code) async throws {
        let outcome = try await exchange([Answer(status: status)])
        #expect(outcome.error?.code == code)
        #expect(outcome.hits == 1)
    }

    @Test func aServerErrorThenSuccessIsRetried() async throws {
        let outcome = try await exchange([Answer(status: .internalServerError), Answer(status: .ok, body: "ok")])
        #expect(outcome.body == "ok")
        #expect(outcome.hits == 2)
    }

    @Test func persistentServerErrorsGiveUpAfterMaxAttempts() async throws {
        let outcome = try await exchange([Answer(status: .badGateway)])
        #expect(outcome.error?.code == .connection)
        #expect(outcome.error?.message.contains("after 3 attempts") == true)
        #expect(outcome.hits == 3)
    }

    @Test func aPostThatMayHaveBeenProcessedIsNotRepeated() async throws {
        let outcome = try await exchange([Answer(status: .internalServerError), Answer(status: .ok)], method: "POST")
        #expect(outcome.error?.code == .connection)
        #expect(outcome.hits == 1)
    }

    @Test func tooManyRequestsHonoursRetryAfter() async throws {
        let outcome = try await exchange([Answer(status: .tooManyRequests, retryAfter: "1"), Answer(status: .ok, body: "done")])
        #expect(outcome.body == "done")
        #expect(outcome.hits == 2)
    }

    @Test func serviceUnavailableWithAnHTTPDateIsRetried() async throws {
        let past = "Sun, 06 Nov 1994 08:49:37 GMT"  // already passed: retry at once
        let outcome = try await exchange([Answer(status: .serviceUnavailable, retryAfter: past), Answer(status: .ok, body: "back")])
        #expect(outcome.body == "back")
        #expect(outcome.hits == 2)
    }

    @Test func aRetryAfterLongerThanTheCapFailsAtOnceWithTheServersValue() async throws {
        let outcome = try await exchange([Answer(status: .tooManyRequests, retryAfter: "3600")])
        #expect(outcome.error?.code == .rateLimited(retryAfter: .seconds(3600)))
        #expect(outcome.hits == 1)
    }

    @Test func rateLimitingThatOutlastsTheRetriesIsReported() async throws {
        let outcome = try await exchange(
            [Answer(status: .tooManyRequests, retryAfter: "0")], retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1)))
        #expect(outcome.error?.code == .rateLimited(retryAfter: .zero))
        #expect(outcome.hits == 2)
    }
}
