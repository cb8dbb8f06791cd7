import Foundation
import PhotoSourceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Feeds an ``HTTPBodyStream`` to curl's read callback on the driver thread: memory parts are
/// copied out, file parts are read through one open descriptor at a time, so memory use is the
/// size of curl's buffer whatever the files weigh. Confined to the driver thread.
final class UploadReader {
    private let parts: [HTTPBodyStream.Part]
    /// The part being read and the offset in it.
    private var partIndex = 0
    private var offsetInPart: Int64 = 0
    /// The open file of the current part, when it is a file.
    private var descriptor: Int32 = -1

    init(_ stream: HTTPBodyStream) {
        self.parts = stream.parts
    }

    deinit {
        closeFile()
    }

    /// Fills `buffer` with the next bytes; returns 0 at the end of the body.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(PhotoSourceError) -> Int {
        var filled = 0
        while filled < buffer.count, partIndex < parts.count {
            let room = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
            let count: Int
            switch parts[partIndex] {
            case .bytes(let data):
                let start = Int(offsetInPart)
                count = min(room.count, data.count - start)
                if count > 0 {
                    data.withUnsafeBytes { bytes in room.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count])) }
                }
                if start + count == data.count { nextPart() } else { offsetInPart += Int64(count) }
            case .file(let url, let byteCount):
                count = try readFile(url, byteCount: byteCount, into: room)
                if offsetInPart == byteCount { nextPart() }
            }
            filled += count
        }
        return filled
    }

    /// Moves to `offset` from the start of the body (curl rewinds when it must resend).
    func seek(to offset: Int64) -> Bool {
        closeFile()
        var remaining = max(0, offset)
        partIndex = 0
        offsetInPart = 0
        while partIndex < parts.count {
            let length = Self.length(of: parts[partIndex])
            if remaining < length {
                offsetInPart = remaining
                return true
            }
            remaining -= length
            partIndex += 1
        }
        return remaining == 0
    }

    private func readFile(_ url: URL, byteCount: Int64, into room: UnsafeMutableRawBufferPointer) throws(PhotoSourceError) -> Int {
        if descriptor < 0 { try openFile(url, byteCount: byteCount) }
        let wanted = Int(min(Int64(room.count), byteCount - offsetInPart))
        guard wanted > 0 else { return 0 }
        while true {
            let count = pread(descriptor, room.baseAddress!, wanted, off_t(offsetInPart))
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .fileSystem(errno: errno, "Could not read \(url.path) to send it.") }
            guard count > 0 else {
                throw PhotoSourceError(.invalidData, "\(url.path) became shorter than its announced \(byteCount) bytes while it was being sent.")
            }
            offsetInPart += Int64(count)
            return count
        }
    }

    private func openFile(_ url: URL, byteCount: Int64) throws(PhotoSourceError) {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .fileSystem(errno: errno, "Could not open \(url.path) to send it.") }
        var info = stat()
        guard fstat(fd, &info) == 0, Int64(info.st_size) == byteCount else {
            close(fd)
            throw PhotoSourceError(
                .invalidData, "\(url.path) is no longer \(byteCount) bytes long (it changed after the request was made); nothing more was sent.")
        }
        descriptor = fd
    }

    private func nextPart() {
        closeFile()
        partIndex += 1
        offsetInPart = 0
    }

    private func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private static func length(of part: HTTPBodyStream.Part) -> Int64 {
        switch part {
        case .bytes(let data): Int64(data.count)
        case .file(_, let byteCount): byteCount
        }
    }
}
