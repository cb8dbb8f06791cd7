import Foundation
import NIOPosix
import SQLiteNIO

/// One SQLite connection whose statements run on a thread of its own, one after the other:
/// the store's shared connection and the order pipeline's transactor are each one of these.
///
/// On NIO's shared pool (sqlite-nio's default) statements of one connection could run on two
/// threads at once, and a statement waiting out SQLite's busy timeout held a pool thread that
/// file I/O and other connections needed (``SQLiteServiceStore`` and ``SQLiteTransactor`` say
/// what each of those cost).
///
/// Closing goes through SQLiteNIO's future-returning `close()`, also from a cancelled task: its
/// `async` twin runs on `NIOThreadPool.runIfActive`, which drops work whose task is cancelled
/// before a pool thread picks it up, and the connection then stays open (`make sanitize` caught
/// that as SQLiteNIO's "not closed before deinitializing" assertion).
struct SQLiteDedicatedConnection: Sendable {
    let connection: SQLiteConnection
    private let thread: NIOThreadPool

    /// Opens the database at `file` on a new thread; the thread stops again when it cannot.
    static func open(file: URL) async throws -> SQLiteDedicatedConnection {
        let thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
        do {
            let connection = try await SQLiteConnection.open(
                storage: .file(path: file.path), threadPool: thread, on: MultiThreadedEventLoopGroup.singleton.any())
            return SQLiteDedicatedConnection(connection: connection, thread: thread)
        } catch {
            try? await thread.shutdownGracefully()
            throw error
        }
    }

    /// Closes the connection, then stops its thread.
    func close() async throws {
        try await connection.close().get()
        try await thread.shutdownGracefully()
    }

    /// Closes without waiting, for an owner dropped unclosed: the close runs later on the
    /// connection's thread (which keeps the connection alive until then), then the thread stops.
    func closeInBackground() {
        let thread = thread
        connection.close().whenComplete { _ in thread.shutdownGracefully { _ in } }
    }

    /// Whether the connection is closed.
    var isClosed: Bool { connection.isClosed }
}
