import ArgumentParser
import Foundation

/// Runs a command's work so that any failure is one line on standard error and exit status 1:
/// no usage text, no stack trace (usage mistakes are caught earlier by `validate()`, status 64).
enum CommandFailure {
    /// Runs `body`, turning a thrown error into `photosource: <message>` and `ExitCode.failure`.
    static func reported<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            FileHandle.standardError.write(Data("photosource: \(ErrorText.line(for: error))\n".utf8))
            throw ExitCode.failure
        }
    }
}
