import Foundation
import Testing
@testable import photosource

@Suite("Configured sources")
struct ConfiguredSourcesTests {
    @Test("the file is found under XDG_CONFIG_HOME, else under HOME/.config")
    func location() {
        #expect(ConfiguredSources(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/pat"]).file.path == "/cfg/photosource/sources")
        #expect(ConfiguredSources(environment: ["HOME": "/home/pat"]).file.path == "/home/pat/.config/photosource/sources")
    }

    @Test("demo comes first; comments, blank lines and repeats are skipped; no file means demo alone")
    func reading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photosource-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configured = ConfiguredSources(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(try configured.arguments() == ["demo"])
        try FileManager.default.createDirectory(at: configured.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# folders\n  local:/a  \n\nlocal:/b\ndemo\nlocal:/a\n".utf8).write(to: configured.file)
        // When
        let arguments = try configured.arguments()
        // Then
        #expect(arguments == ["demo", "local:/a", "local:/b"])
    }
}
