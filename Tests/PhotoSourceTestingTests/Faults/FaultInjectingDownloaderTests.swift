import Foundation
import PhotoSourceKit
import PhotoSourceTesting
import Testing

@Suite("FaultInjectingDownloader")
struct FaultInjectingDownloaderTests {
    static let item = DefaultPhotoSourceItem.image(id: "a", sourceID: "test", title: "a")
    static let other = DefaultPhotoSourceItem.image(id: "b", sourceID: "test", title: "b")
    static let bytes = Data((0..<100).map { UInt8($0) })
    static let clean = ClosureImageDownloader { _, _ in ImageData(bytes: bytes, validator: "etag-1") }

    func download(_ downloader: FaultInjectingDownloader, _ item: DefaultPhotoSourceItem = item, variant: ImageVariant = .full) async throws -> ImageData {
        try await downloader.download(item, from: NoSource(), variant: variant)
    }

    @Test("each status fault throws its code", arguments: [
        (Fault.status401, PhotoSourceError.Code.authentication),
        (.rateLimited(retryAfter: .seconds(3)), .rateLimited(retryAfter: .seconds(3))),
        (.rateLimited(retryAfter: nil), .rateLimited(retryAfter: nil)),
        (.serverError, .connection),
        (.notFound, .notFound),
    ])
    func statusFaults(fault: Fault, expected: PhotoSourceError.Code) async throws {
        // Given
        let injector = FaultInjector()
        injector.failDownload(fault)
        let downloader = FaultInjectingDownloader(base: Self.clean, injector: injector)

        // When
        let thrown = await errorCode { try await download(downloader) }

        // Then
        #expect(thrown == expected)
        #expect(injector.injectedFaults == [fault])
    }

    @Test("a 500 then success: the script runs dry and calls go through")
    func serverErrorThenSuccess() async throws {
        let injector = FaultInjector()
        injector.failDownload(.serverError)
        let downloader = FaultInjectingDownloader(base: Self.clean, injector: injector)

        #expect(await errorCode { try await download(downloader) } == .connection)
        #expect(try await download(downloader).bytes == Self.bytes)
        #expect(injector.downloadCalls == 2)
        #expect(injector.pendingCount == 0)
    }

    @Test("a truncated body keeps the first fraction of the bytes and the validator")
    func truncation() async throws {
        let injector = FaultInjector()
        injector.failDownload(.truncate(fraction: 0.25))
        let downloader = FaultInjectingDownloader(base: Self.clean, injector: injector)

        let data = try await download(downloader)

        #expect(data.bytes == Self.bytes.prefix(25))
        #expect(data.validator == "etag-1")
    }

    @Test("faults wait for their item, variant and skip count", arguments: [1, 2])
    func filters(times: Int) async throws {
        // Given: the thumbnail of "b" fails after one clean call, `times` times
        let injector = FaultInjector()
        injector.failDownload(.notFound, variant: .thumbnail, itemID: "b", skip: 1, times: times)
        let downloader = FaultInjectingDownloader(base: Self.clean, injector: injector)

        // When / Then
        #expect(await errorCode { try await download(downloader, Self.other, variant: .full) } == nil)
        #expect(await errorCode { try await download(downloader, Self.item, variant: .thumbnail) } == nil)
        #expect(await errorCode { try await download(downloader, Self.other, variant: .thumbnail) } == nil, "skipped")
        for _ in 0..<times {
            #expect(await errorCode { try await download(downloader, Self.other, variant: .thumbnail) } == .notFound)
        }
        #expect(await errorCode { try await download(downloader, Self.other, variant: .thumbnail) } == nil)
    }

    @Test("a slow answer can be cancelled and then says so")
    func delayIsCancellable() async throws {
        let injector = FaultInjector()
        injector.failDownload(.delay(.seconds(600)))
        let downloader = FaultInjectingDownloader(base: Self.clean, injector: injector)

        let task = Task { await errorCode { try await download(downloader) } }
        while injector.injectedFaults.isEmpty { await Task.yield() }
        task.cancel()

        #expect(await task.value == .cancelled)
    }

    @Test("a short delay answers normally")
    func shortDelay() async throws {
        let injector = FaultInjector()
        injector.failDownload(.delay(.milliseconds(1)))
        let downloader = FaultInjectingDownloader(base: Self.clean, injector: injector)

        #expect(try await download(downloader).bytes == Self.bytes)
    }

    @Test("removeAll forgets faults that have not happened")
    func removeAll() async throws {
        let injector = FaultInjector()
        injector.failDownload(.serverError, times: 3)
        injector.removeAll()
        let downloader = FaultInjectingDownloader(base: Self.clean, injector: injector)

        #expect(await errorCode { try await download(downloader) } == nil)
        #expect(injector.injectedFaults.isEmpty)
    }
}
