import Foundation
import Hummingbird
import PhotoImaging
import PhotoSourceKit

/// Why an upload is refused, each as the RFC 9457 problem the client gets: one place for the
/// statuses and sentences of the tus endpoints' refusals.
enum UploadRefusal {
    /// `Upload-Length` over the configured maximum (413, before any byte is sent).
    static func tooLarge(length: Int, maximum: Int) -> Problem {
        Problem(status: .contentTooLarge, code: .tooLarge, detail: "The photo is \(length) bytes; uploads may be at most \(maximum) bytes.")
    }

    /// The session's uploads would hold more than its quota (413).
    static func overQuota(length: Int, used: Int, quota: Int) -> Problem {
        Problem(
            status: .contentTooLarge, code: .tooLarge,
            detail: "This session's uploads hold \(used) bytes; \(length) more would pass its quota of \(quota) bytes. Delete an upload first.")
    }

    /// One `PATCH` body larger than the per-request cap (413); the bytes before the cap are kept.
    static func chunkTooLarge(maximum: Int) -> Problem {
        Problem(
            status: .contentTooLarge, code: .tooLarge,
            detail: "One PATCH may carry at most \(maximum) bytes; send the rest in another request from the offset HEAD reports.")
    }

    /// More bytes than `Upload-Length` announced (413).
    static func pastLength(_ length: Int) -> Problem {
        Problem(status: .contentTooLarge, code: .tooLarge, detail: "The upload was announced as \(length) bytes; this request sends more.")
    }

    /// `Upload-Offset` is not where the upload stands (409).
    static func offsetMismatch(given: Int, current: Int) -> Problem {
        Problem(
            status: .conflict, code: .invalidData,
            detail: "Upload-Offset is \(given) but the upload has \(current) bytes; ask HEAD for the offset and continue from there.")
    }

    /// The first bytes are not JPEG or PNG (415); the upload is deleted.
    static func notAnImage(_ prefix: Data) -> Problem {
        var what = ""
        do { _ = try ImageHeader.read(prefix) } catch let error as PhotoSourceError { what = " " + error.message } catch {}
        return Problem(
            status: .unsupportedMediaType, code: .unsupportedFormat,
            detail: "Only JPEG and PNG photos can be uploaded; these bytes are not one.\(what) The upload was deleted.")
    }

    /// The finished bytes do not decode (422); the upload is deleted.
    static func undecodable(_ error: any Error) -> Problem {
        let reason = (error as? PhotoSourceError)?.description ?? "\(error)"
        return Problem(
            status: .unprocessableContent, code: .invalidData,
            detail: "The uploaded photo does not decode: \(reason) The upload was deleted.")
    }

    /// A tus request without `Tus-Resumable: 1.0.0` (412).
    static var unsupportedVersion: Problem {
        Problem(status: .preconditionFailed, code: .invalidData, detail: "This server speaks tus 1.0.0: send Tus-Resumable: 1.0.0.")
    }

    /// A required header missing or malformed (400).
    static func badHeader(_ name: String, _ expected: String) -> Problem {
        Problem(status: .badRequest, code: .invalidData, detail: "\(name) must be \(expected).")
    }

    /// An upload this session does not have, or one that expired (404).
    static var notFound: Problem {
        Problem(status: .notFound, code: .notFound, detail: "There is no such upload in this session (it may have expired); start a new one with POST /v1/uploads.")
    }
}
