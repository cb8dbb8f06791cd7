import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
@testable import SampleSources

@Suite("Demo cloud: fault switches (router level)")
struct FaultInjectionTests {
    @Test("429 with Retry-After for the next N API requests, then normal answers")
    func rateLimit() async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            cloud.state.controls.faults.withLock { $0.rateLimitNextRequests = 2; $0.retryAfterSeconds = 7 }
            for _ in 0..<2 {
                let limited = try await cloud.get("/v1/albums", token: token)
                #expect(limited.status == .tooManyRequests)
                #expect(limited.headers[.retryAfter] == "7")
            }
            #expect(try await cloud.get("/v1/albums", token: token).status == .ok)
            let counts = cloud.state.controls.statistics.withLock { $0 }
            #expect(counts.injectedErrors == 2)
            #expect(counts.count(.albums) == 3)
        }
    }

    @Test("500 for the next N API requests; OAuth endpoints are not affected")
    func serverErrors() async throws {
        try await RouterCloud.run { cloud in
            cloud.state.controls.faults.withLock { $0.serverErrorNextRequests = 1 }
            let tokens = try await cloud.signIn()
            #expect(try await cloud.get("/v1/photos/photo-1-1", token: tokens.accessToken).status == .internalServerError)
            #expect(try await cloud.get("/v1/photos/photo-1-1", token: tokens.accessToken).status == .ok)
        }
    }

    @Test("image requests are redirected to the configured origin")
    func redirect() async throws {
        try await RouterCloud.run { cloud in
            let token = try await cloud.signIn().accessToken
            cloud.state.controls.faults.withLock { $0.redirectImagesToOrigin = "http://localhost:9/" }
            let response = try await cloud.get("/v1/photos/photo-1-1/original", token: token)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "http://localhost:9/v1/photos/photo-1-1/original")
            #expect(try await cloud.get("/v1/photos/photo-1-1", token: token).status == .ok)
        }
    }

    @Test("the fault plan counts down once per request, also under concurrency")
    func countsDownOnce() async throws {
        var faults = DemoCloud.Faults(rateLimitNextRequests: 3, serverErrorNextRequests: 2)
        var verdicts: [DemoCloud.Faults.Verdict] = []
        for _ in 0..<6 { verdicts.append(faults.takeVerdict()) }
        #expect(verdicts == [
            .rateLimited(retryAfterSeconds: 1), .rateLimited(retryAfterSeconds: 1), .rateLimited(retryAfterSeconds: 1),
            .serverError, .serverError, .serve,
        ])

        let cloud = DemoCloud()
        cloud.faults = DemoCloud.Faults(serverErrorNextRequests: 100)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 { group.addTask { cloud.updateFaults { _ = $0.takeVerdict() } } }
        }
        #expect(cloud.faults.serverErrorNextRequests == 60)
    }
}
