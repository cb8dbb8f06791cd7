import Foundation
import PhotoSourceKit
import Testing
@testable import PhotoNetworking

/// Two real processes refreshing the same stored session: this test process and a copy of the
/// test binary running ``childRefresh()`` only.
@Suite("Refreshing one session from two processes")
struct CrossProcessRefreshTests {
    private static let childVariable = "PHOTOSOURCE_TEST_CHILD_REFRESH"
    private static var childEnvironment: [String: String]? {
        let environment = ProcessInfo.processInfo.environment
        return environment[childVariable] == nil ? nil : environment
    }

    @Test("two processes refresh an expired session once and end with the same token")
    func twoProcesses() async throws {
        try await TestTokenServer.with { server in
            let folder = try TemporaryFolder()
            let credentialsFolder = folder.url.appendingPathComponent("credentials")
            server.acceptRefreshToken("refresh-seed")
            server.ledger.withLock { $0.refreshDelay = .milliseconds(200) }
            let session = AuthSession(
                sourceID: "cloud", store: try FileCredentialStore.encrypted(in: credentialsFolder, environment: [:]),
                flow: try OAuthAuthorizationCodeFlow(configuration: server.configuration()))
            try await session.signIn(with: Credentials(
                accessToken: "access-old", refreshToken: "refresh-seed", expiresAt: Date().addingTimeInterval(-60)))
            let ready = folder.url.appendingPathComponent("child-ready")
            let result = folder.url.appendingPathComponent("child-result")
            // When: the child has loaded the expired session, both refresh at once.
            let child = try startChild(environment: [
                Self.childVariable: "1", "CHILD_FOLDER": credentialsFolder.path, "CHILD_SERVER": server.baseURL.absoluteString,
                "CHILD_READY": ready.path, "CHILD_RESULT": result.path,
            ])
            defer { if child.isRunning { child.terminate() } }
            while !FileManager.default.fileExists(atPath: ready.path), child.isRunning {
                try await Task.sleep(for: .milliseconds(5))
            }
            let ours = try await session.validCredentials()
            while child.isRunning { try await Task.sleep(for: .milliseconds(10)) }
            // Then
            #expect(child.terminationStatus == 0)
            let theirs = try String(contentsOf: result, encoding: .utf8)
            #expect(theirs == ours.accessToken)
            #expect(server.refreshRequests == 1)
            let stored = try FileCredentialStore.encrypted(in: credentialsFolder, environment: [:]).load(for: "cloud")
            #expect(stored?.accessToken == ours.accessToken)
        }
    }

    @Test("child process of twoProcesses(): refreshes the shared session", .enabled(if: childEnvironment != nil))
    func childRefresh() async throws {
        let environment = try #require(Self.childEnvironment)
        let folder = URL(fileURLWithPath: try #require(environment["CHILD_FOLDER"]))
        let server = TestTokenServer(
            baseURL: try #require(environment["CHILD_SERVER"].flatMap(URL.init(string:))), ledger: .init())
        let session = AuthSession(
            sourceID: "cloud", store: try FileCredentialStore.encrypted(in: folder, environment: [:]),
            flow: try OAuthAuthorizationCodeFlow(configuration: server.configuration()))
        #expect(await session.isSignedIn)
        _ = FileManager.default.createFile(atPath: try #require(environment["CHILD_READY"]), contents: nil)
        let credentials = try await session.validCredentials()
        try Data(credentials.accessToken.utf8).write(to: URL(fileURLWithPath: try #require(environment["CHILD_RESULT"])))
    }

    /// Runs this test binary again, with only ``childRefresh()`` selected.
    private func startChild(environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [
            "--testing-library", "swift-testing", "--filter", "PhotoNetworkingTests.CrossProcessRefreshTests/childRefresh",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
