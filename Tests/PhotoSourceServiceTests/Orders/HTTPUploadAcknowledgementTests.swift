import Foundation
import HTTPTypes
import PhotoSourceKit
import Testing
@testable import PhotoSourceService

/// `HTTPUploadDestination` is at-least-once: what repeats after an interrupted attempt is at most
/// what was in flight, because each acknowledgement is recorded as its answer arrives, before
/// its slot takes the next item, and a failed attempt lets the uploads in flight land.
@Suite("HTTP upload destination: acknowledgements")
struct HTTPUploadAcknowledgementTests {
    @Test("a kill while one acknowledgement is being written: the others were recorded as they landed, only that item is sent again")
    func killWhileOneAcknowledgementIsBeingWritten() async throws {
        let assets = try TestAssets(count: 4, bytes: 20_000)
        defer { assets.remove() }
        let receiver = HTTPUploadDestinationTests.Receiver()
        // The durable record of acknowledgements; item 0's write is the one the kill interrupts.
        let recorded = Shared<Set<Int>>([])
        let progress: @Sendable ([ItemDeliveryResult]) async throws -> Void = { results in
            for result in results {
                if result.index == 0 { try await Task.sleep(for: .seconds(3600)) }
                recorded.update { _ = $0.insert(result.index) }
            }
        }
        try await OrderTestServer.with(receiver.router) { server in
            let upload = try HTTPUploadDestinationTests().destination(server, mode: .concurrent(maximum: 2))
            let attempt = Task { try await upload.deliver(assets.delivery(), progress: progress) }
            // When: every other item has landed; then the process dies
            let landed = try await eventually(.seconds(10)) { recorded.value == [1, 2, 3] }
            attempt.cancel()
            _ = try? await attempt.value
            #expect(landed, "acknowledgements waited behind item 0's: \(recorded.value)")
            // Then: the restarted delivery sends what was not recorded, and nothing else
            let outcome = try await upload.deliver(assets.delivery(acknowledged: recorded.value), progress: { _ in })
            #expect(outcome == .delivered)
            #expect(HTTPUploadDestinationTests.postsPerItem(receiver) == [0: 2, 1: 1, 2: 1, 3: 1])
        }
    }

    @Test("a 503 on one item lets the uploads in flight land and be acknowledged; the retry sends only that item")
    func serverErrorLetsTheUploadsInFlightLand() async throws {
        let assets = try TestAssets(count: 3, bytes: 20_000)
        defer { assets.remove() }
        let firstAttempt = Shared(true)
        // Item 0 is refused once all three are in flight; 1 and 2 are answered a second after that refusal.
        let receiver = HTTPUploadDestinationTests.Receiver(
            status: { index in index == 0 && firstAttempt.value ? .serviceUnavailable : .ok },
            hold: { receiver, index in
                guard firstAttempt.value else { return }
                if index == 0 {
                    _ = try await eventually { receiver.started.value >= 3 }
                } else {
                    _ = try await eventually { receiver.log.value.contains("end 0") }
                    try await Task.sleep(for: .seconds(1))
                }
            })
        let progress = ProgressLog()
        try await OrderTestServer.with(receiver.router) { server in
            let upload = try HTTPUploadDestinationTests().destination(server, mode: .concurrent(maximum: 3))
            // When
            let error = await #expect(throws: PhotoSourceError.self) { try await upload.deliver(assets.delivery(), progress: progress.progress) }
            #expect(error?.code == .connection)
            // Then: the two in flight were acknowledged, and the retry sends item 0 alone
            #expect(progress.results.value.filter(\.delivered).map(\.index).sorted() == [1, 2])
            firstAttempt.update { $0 = false }
            let acknowledged = Set(progress.results.value.filter(\.delivered).map(\.index))
            #expect(try await upload.deliver(assets.delivery(acknowledged: acknowledged), progress: { _ in }) == .delivered)
            #expect(HTTPUploadDestinationTests.postsPerItem(receiver) == [0: 2, 1: 1, 2: 1])
        }
    }
}
