import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// `download(_:to:progress:)`: the file appears whole or not at all.
@Suite("HTTPClient downloads to a file")
struct DownloadToFileTests {
    let client = HTTPClient()

    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pn-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aSuccessfulDownloadLandsWholeWithProgress() async throws {
        let body = String(repeating: "0123456789", count: 50_000)
        let server = try RawSocketServer(behavior: RawSocketServer.answering(body: body))
        defer { server.stop() }
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("photo.jpg")
        let last = Locked<(Int64, Int64?)>((0, nil))
        // When
        let response = try await client.download(
            HTTPRequest(url: URL(string: server.origin + "/p.jpg")!, options: .testing(trusting: [server.origin])),
            to: target, progress: { received, expected in last.update { $0 = (received, expected) } })
        // Then
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(try String(contentsOf: target, encoding: .utf8) == body)
        #expect(try contents(of: folder) == ["photo.jpg"])
        let (received, expected) = last.value
        #expect(received == Int64(body.utf8.count))
        #expect(expected == Int64(body.utf8.count))
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n",  // cut mid-body
        "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 10737418240\r\n\r\n",
    ])
    func aFailedDownloadLeavesNoFileAndKeepsTheOldOne(head: String) async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.raw(head, bodyBytes: 5_000))
        defer { server.stop() }
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fresh = folder.appendingPathComponent("new.jpg")
        let existing = folder.appendingPathComponent("old.jpg")
        try Data("previous".utf8).write(to: existing)
        var options = try HTTPOptions.testing(trusting: [server.origin], retry: .none)
        options.maxBodyBytes = 1 << 20
        let request = HTTPRequest(url: URL(string: server.origin + "/p.jpg")!, options: options)
        await #expect(throws: PhotoSourceError.self) { try await client.download(request, to: fresh) }
        await #expect(throws: PhotoSourceError.self) { try await client.download(request, to: existing) }
        #expect(try contents(of: folder) == ["old.jpg"])
        #expect(try String(contentsOf: existing, encoding: .utf8) == "previous")
    }

    @Test func aCancelledDownloadLeavesNoFile() async throws {
        let server = try RawSocketServer(behavior: RawSocketServer.dripping(length: 1000))
        defer { server.stop() }
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Counter()
        let request = HTTPRequest(url: URL(string: server.origin + "/p.jpg")!, options: try .testing(trusting: [server.origin]))
        let task = Task {
            try await client.download(request, to: folder.appendingPathComponent("p.jpg")) { _, _ in started.next() }
        }
        while started.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let error = try await #require(throws: PhotoSourceError.self) { try await task.value }
        #expect(error.code == .cancelled)
        #expect(try contents(of: folder).isEmpty)
    }
}
