import Foundation
import PhotoSourceKit
import Synchronization
import Testing
@testable import PhotoNetworking

@Suite("Credential file lock")
struct CredentialFileLockTests {
    @Test("two locks on the same file exclude each other within one process")
    func inProcessExclusion() async throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("cloud.lock")
        let first = try await CredentialFileLock.acquire(at: url)
        let released = Mutex(false)
        let waiter = Task {
            let second = try await CredentialFileLock.acquire(at: url, pollInterval: .milliseconds(5))
            defer { second.release() }
            return released.withLock { $0 }
        }
        try await Task.sleep(for: .milliseconds(50))  // give the waiter a chance to (wrongly) get in
        released.withLock { $0 = true }
        first.release()
        #expect(try await waiter.value, "the second lock was granted while the first was held")
    }

    @Test("waiting for a lock stops with .cancelled when the task is cancelled")
    func cancelledWait() async throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("cloud.lock")
        let held = try await CredentialFileLock.acquire(at: url)
        defer { held.release() }
        let waiter = Task { try await CredentialFileLock.acquire(at: url) }
        waiter.cancel()
        let error = await #expect(throws: PhotoSourceError.self) { try await waiter.value }
        #expect(error?.code == .cancelled)
    }

    @Test("another process (flock(1)) cannot take a lock this process holds, and vice versa")
    func crossProcess() async throws {
        let folder = try TemporaryFolder()
        let store = try FileCredentialStore.encrypted(in: folder.url, environment: [:])
        let url = store.lockFileURL(for: "cloud")
        let lock = try await store.acquireRefreshLock(for: "cloud")
        #expect(try runFlock(["-n", url.path, "true"]) == 1, "flock -n got the lock we hold")
        lock.release()
        #expect(try runFlock(["-n", url.path, "true"]) == 0)

        // The other way round: a child holds the lock until we tell it to stop.
        let marker = folder.url.appendingPathComponent("held")
        let gate = folder.url.appendingPathComponent("gate")
        let child = try startFlock([url.path, "sh", "-c", "touch '\(marker.path)'; while [ ! -e '\(gate.path)' ]; do sleep 0.01; done"])
        defer { if child.isRunning { child.terminate() } }
        while !FileManager.default.fileExists(atPath: marker.path) { try await Task.sleep(for: .milliseconds(5)) }
        let gateOpened = Mutex(false)
        let waiter = Task {
            let acquired = try await store.acquireRefreshLock(for: "cloud")
            defer { acquired.release() }
            return gateOpened.withLock { $0 }
        }
        try await Task.sleep(for: .milliseconds(50))  // give the waiter a chance to (wrongly) get in
        gateOpened.withLock { $0 = true }
        _ = FileManager.default.createFile(atPath: gate.path, contents: nil)
        #expect(try await waiter.value, "we got the lock while the other process still held it")
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
    }

    private func startFlock(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = arguments
        try process.run()
        return process
    }

    private func runFlock(_ arguments: [String]) throws -> Int32 {
        let process = try startFlock(arguments)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
