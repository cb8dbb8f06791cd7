import Foundation
import Testing

@Suite("photosource with urls:FILE")
struct PreselectedCommandTests {
    @Test("ls --json lists the entries of the list file; get copies one byte for byte")
    func listAndGet() async throws {
        let folder = try PhotoFolder.library()
        defer { folder.remove() }
        let list = folder.root.appendingPathComponent("picks.txt")
        try Data("cover.png\nTravel/Italy/rome.jpg\n".utf8).write(to: list)
        let out = folder.root.deletingLastPathComponent().appendingPathComponent("rome.jpg")
        // When
        let listed = try await PhotosourceBinary.run(["ls", "urls:" + list.path, "--json"])
        let got = try await PhotosourceBinary.run(["get", "urls:" + list.path, "Travel/Italy/rome.jpg", "--out", out.path])
        // Then
        #expect(listed.status == 0, "\(listed.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["cover.png", "Travel/Italy/rome.jpg"])
        #expect(items.map { $0["width"] as? Int } == [3000, 1200])
        #expect(got.status == 0, "\(got.errors)")
        #expect(try Data(contentsOf: out) == Data(contentsOf: folder.root.appendingPathComponent("Travel/Italy/rome.jpg")))
    }

    @Test("a list naming a loopback URL that is not allow-listed is refused when opened")
    func refusesLoopback() async throws {
        let folder = try PhotoFolder()
        defer { folder.remove() }
        let list = folder.root.appendingPathComponent("picks.txt")
        try Data("http://127.0.0.1:9/a.jpg\n".utf8).write(to: list)
        // When
        let result = try await PhotosourceBinary.run(["ls", "urls:" + list.path])
        // Then
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errors.contains("127.0.0.1"))
    }
}
