import Foundation
import Testing

@Suite("photosource get and fetch")
struct GetFetchTests {
    @Test("get of a local photo writes the same bytes, and no progress bar when stderr is not a terminal")
    func getLocal() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let out = folder.root.deletingLastPathComponent().appendingPathComponent("copy.jpg")
        // When
        let result = try await PhotosourceBinary.run(["get", folder.sourceArgument, "Travel/dunes.jpg", "--out", out.path])
        // Then
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(try Data(contentsOf: out) == Data(contentsOf: folder.root.appendingPathComponent("Travel/dunes.jpg")))
    }

    @Test("get refuses an --out that exists, leaving it untouched, unless --force replaces it")
    func getRefusesOverwrite() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let out = folder.root.deletingLastPathComponent().appendingPathComponent("copy-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("keep me".utf8).write(to: out)
        // When
        let refused = try await PhotosourceBinary.run(["get", folder.sourceArgument, "Travel/dunes.jpg", "--out", out.path])
        // Then
        #expect(refused.status == 1)
        #expect(refused.errorLines == ["photosource: \(out.path) exists; add --force to replace it, or choose another --out."])
        #expect(try Data(contentsOf: out) == Data("keep me".utf8))
        // When
        let forced = try await PhotosourceBinary.run(["get", folder.sourceArgument, "Travel/dunes.jpg", "--out", out.path, "--force"])
        // Then
        #expect(forced.status == 0, "\(forced.errors)")
        #expect(try Data(contentsOf: out) == Data(contentsOf: folder.root.appendingPathComponent("Travel/dunes.jpg")))
    }

    @Test("fetch refuses an --out that exists before contacting anything")
    func fetchRefusesOverwrite() async throws {
        let scratch = try PhotoFolder()
        defer { scratch.remove() }
        let out = scratch.root.appendingPathComponent("photo.jpg")
        try Data("keep me".utf8).write(to: out)
        // When: the URL would be refused by the policy too; the existing file is refused first.
        let result = try await PhotosourceBinary.run(["fetch", "http://127.0.0.1:9/photo.jpg", "--out", out.path])
        // Then
        #expect(result.status == 1)
        #expect(result.errorLines == ["photosource: \(out.path) exists; add --force to replace it, or choose another --out."])
        #expect(try Data(contentsOf: out) == Data("keep me".utf8))
    }

    @Test("get of an album or a missing item fails in one line and writes nothing", arguments: ["Travel", "Travel/missing.jpg"])
    func getRefused(itemID: String) async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let out = folder.root.deletingLastPathComponent().appendingPathComponent("copy.jpg")
        // When
        let result = try await PhotosourceBinary.run(["get", folder.sourceArgument, itemID, "--out", out.path])
        // Then
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.errorLines.first?.hasPrefix("photosource: ") == true)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("fetch of a loopback URL that is not allow-listed is refused before connecting: status 1, no file")
    func fetchRefused() async throws {
        let scratch = try PhotoFolder()
        defer { scratch.remove() }
        let out = scratch.root.appendingPathComponent("page.html")
        // When: nothing listens on port 9; the policy refuses before any connection is tried.
        let result = try await PhotosourceBinary.run(["fetch", "http://127.0.0.1:9/photo.jpg", "--out", out.path])
        // Then
        #expect(result.status == 1)
        #expect(result.errorLines == ["photosource: Refused http://127.0.0.1:9/photo.jpg: 127.0.0.1 is a loopback address."])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).isEmpty)
    }

    @Test("fetch reaches an origin allow-listed by PHOTOSOURCE_ALLOW_ORIGINS; an HTTP failure leaves no file")
    func fetchAllowListed() async throws {
        let cloud = try DemoCloudProcess()
        let scratch = try PhotoFolder()
        defer { scratch.remove() }
        let out = scratch.root.appendingPathComponent("albums.json")
        let url = cloud.url.appendingPathComponent("v1/albums").absoluteString
        // When: the API needs a sign-in, so the allowed request ends in HTTP 401.
        let result = try await PhotosourceBinary.run(
            ["fetch", url, "--out", out.path], environment: ["PHOTOSOURCE_ALLOW_ORIGINS": "https://example.invalid, " + cloud.url.absoluteString])
        // Then
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errors.contains("401") && !result.errors.contains("Refused"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).isEmpty)
        await cloud.stop()
    }

    @Test("a malformed --allow-origin is a usage error")
    func badOrigin() async throws {
        let result = try await PhotosourceBinary.run(["fetch", "https://example.invalid/a.jpg", "--out", "/tmp/x", "--allow-origin", "ftp://x"])
        #expect(result.status == 64)
        #expect(result.errors.contains("only http and https origins can be allow-listed"))
    }
}
