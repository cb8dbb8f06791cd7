import Foundation
import PhotoSourceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a response body goes: memory, or, for a 2xx response to a download, a temp file
/// next to the destination that is renamed into place only when the transfer succeeded.
/// Anything else (a failure, cancellation, being dropped) removes the temp file.
struct BodySink: ~Copyable {
    /// How much of a non-2xx body is kept (for error details such as an OAuth error response).
    static let errorBodyLimit = 1 << 20

    private let file: URL?
    private var descriptor: Int32 = -1
    private var tempPath: String?
    private var keepLimit = Int.max
    private(set) var data = Data()

    init(file: URL?) {
        self.file = file
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if let tempPath { AtomicFile.discardTemporary(tempPath) }
    }

    /// Chooses the destination once the final status is known.
    mutating func begin(status: Int, expectedLength: Int64?) throws(PhotoSourceError) {
        guard descriptor < 0, tempPath == nil else { return }
        let isSuccess = (200..<300).contains(status)
        if let file, isSuccess {
            // AtomicFile's temporary names fit beside any legal final name, and a normal exit
            // deletes them.
            do {
                (descriptor, tempPath) = try AtomicFile.createTemporary(beside: file)
            } catch {
                throw PhotoSourceError.wrapping(error, context: "Saving the download")
            }
        } else {
            keepLimit = isSuccess ? Int.max : Self.errorBodyLimit
            if let expectedLength, expectedLength > 0 { data.reserveCapacity(Int(min(expectedLength, Int64(min(keepLimit, 16 << 20))))) }
        }
    }

    /// Takes the next piece of the body.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(PhotoSourceError) {
        guard descriptor >= 0 else {
            let count = min(bytes.count, keepLimit - data.count)
            if count > 0, let base = bytes.baseAddress {
                data.append(base.assumingMemoryBound(to: UInt8.self), count: count)
            }
            return
        }
        var written = 0
        while written < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.fileError("write the download to \(tempPath ?? "a temporary file")")
            }
            written += n
        }
    }

    /// Finishes a successful transfer: the memory body, or (for a download) the file renamed
    /// into place and an empty `Data`.
    mutating func commit(status: Int) throws(PhotoSourceError) -> Data {
        try begin(status: status, expectedLength: nil)
        guard let tempPath, let file else { return data }
        let fd = descriptor
        descriptor = -1
        guard fsync(fd) == 0 else {
            close(fd)
            throw Self.fileError("flush \(tempPath)")
        }
        close(fd)
        do {
            try AtomicFile.commitTemporary(tempPath, to: file)
        } catch {
            throw PhotoSourceError.wrapping(error, context: "Moving the download to \(file.path)")
        }
        self.tempPath = nil
        return Data()
    }

    /// Drops the body and removes any temp file.
    mutating func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let tempPath { AtomicFile.discardTemporary(tempPath) }
        tempPath = nil
        data = Data()
    }

    private static func fileError(_ action: String) -> PhotoSourceError {
        .fileSystem(errno: errno, "Could not \(action).")
    }
}
