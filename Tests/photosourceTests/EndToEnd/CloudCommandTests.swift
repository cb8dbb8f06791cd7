import Foundation
import Testing

@Suite("photosource with cloud:URL (a demo cloud on 127.0.0.1)")
struct CloudCommandTests {
    @Test("login in a piped REPL; then ls --json, get and whoami use the stored sign-in; logout forgets it")
    func loginListLogout() async throws {
        let cloud = try DemoCloudProcess()
        let folders = SharedFolders()
        defer { folders.remove() }
        let env = folders.environment
        // When
        let login = try await PhotosourceBinary.run(["browse", cloud.sourceArgument], input: "whoami\nlogin\nwhoami\n", environment: env)
        let listed = try await PhotosourceBinary.run(["ls", cloud.sourceArgument, "--count", "2", "--json"], environment: env)
        let out = folders.root.appendingPathComponent("photo.jpg")
        let got = try await PhotosourceBinary.run(["get", cloud.sourceArgument, "photo-2-1", "--out", out.path], environment: env)
        let gotAlbum = try await PhotosourceBinary.run(["get", cloud.sourceArgument, "album-1", "--out", out.path + ".album"], environment: env)
        let logout = try await PhotosourceBinary.run(["browse", cloud.sourceArgument], input: "logout\nwhoami\nls\nlogout\n", environment: env)
        let afterLogout = try await PhotosourceBinary.run(["ls", cloud.sourceArgument], environment: env)
        // Then
        #expect(login.status == 0, "\(login.errors)")
        #expect(login.lines.first == "Not signed in to Demo Cloud; type `login` to sign in.")
        #expect(login.lines.contains("To sign in, open this address in a browser:"))
        #expect(login.lines.contains { $0.hasPrefix("  \(cloud.url.absoluteString)/oauth/authorize?") })
        #expect(login.lines.suffix(2) == ["Signed in to Demo Cloud as demo-user.", "Signed in to Demo Cloud as demo-user."])

        #expect(listed.status == 0, "\(listed.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
        #expect(object["source"] as? String == cloud.sourceArgument)
        #expect(object["hasMore"] as? Bool == true, "six albums, two per page")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Camera Roll", "Holidays"])
        #expect(items.allSatisfy { $0["kind"] as? String == "container" })
        #expect(items.first?["id"] as? String == "album-1")
        #expect(gotAlbum.status == 1)
        #expect(gotAlbum.errorLines == ["photosource: album-1 is an album, not a photo; give a photo's id (ls --json lists them)."])

        #expect(got.status == 0, "\(got.errors)")
        let bytes = try Data(contentsOf: out)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG original")
        #expect(got.lines == ["Saved \(out.path) (\(bytes.count) bytes)."])

        #expect(logout.lines == [
            "Signed out of Demo Cloud; its stored sign-in is gone.", "Not signed in to Demo Cloud; type `login` to sign in.",
            "Not signed in to Demo Cloud; there was no sign-in to forget.",
        ])
        #expect(logout.errorLines == ["Demo Cloud needs you to sign in; type `login`.", "photosource: 1 command(s) failed."])
        #expect(logout.status == 1, "the failed ls fails the script")
        #expect(afterLogout.status == 1)
        #expect(afterLogout.errorLines.count == 1)
        #expect(afterLogout.errors.contains("not signed in"))
        #expect(await cloud.stop() == 0, "demo-cloud exits cleanly on SIGINT")
    }

    @Test("use of a signed-out cloud in a piped script is a notice on standard output, not a failure: the script logs in and exits 0")
    func useNoticeIsNoFailure() async throws {
        let cloud = try DemoCloudProcess()
        let folders = SharedFolders()
        defer { folders.remove() }
        // When
        let result = try await PhotosourceBinary.run(
            ["browse", "demo", cloud.sourceArgument], input: "use 2\nlogin\nls\n", environment: folders.environment)
        await cloud.stop()
        // Then
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.lines.contains("Demo Cloud needs you to sign in; type `login`."), "\(result.lines)")
        #expect(result.lines.contains("Signed in to Demo Cloud as demo-user."))
        #expect(result.lines.contains { $0.hasPrefix("Demo Cloud:/ [page 1") }, "ls lists once signed in: \(result.lines)")
    }

    @Test("check cloud:URL signs in by itself and passes every check it runs")
    func checkCloud() async throws {
        let cloud = try DemoCloudProcess()
        let folders = SharedFolders()
        defer { folders.remove() }
        // When
        let result = try await PhotosourceBinary.run(["check", cloud.sourceArgument], environment: folders.environment)
        // Then
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let rows = result.lines.dropLast()
        #expect(rows.contains { $0.hasPrefix("signed-out-listing ") && $0.contains("  PASS  ") })
        #expect(!rows.contains { $0.contains("  FAIL  ") })
        #expect(result.lines.last?.hasPrefix("Demo Cloud (\(cloud.sourceArgument)): ") == true)
        #expect(result.lines.last?.contains(" 0 failed") == true)
        await cloud.stop()
    }
}
