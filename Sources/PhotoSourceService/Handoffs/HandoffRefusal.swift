import Foundation
import Hummingbird
import PhotoSourceKit

/// Why a hand-off's one-time URL is refused, each as the RFC 9457 problem the caller gets.
enum HandoffRefusal {
    /// No hand-off has this token (404): never said apart from a guessed one.
    static var unknown: Problem {
        Problem(status: .notFound, code: .notFound, detail: "There is no such hand-off; its URL may be mistyped.")
    }

    /// The token was used before (410 `handoff-used`).
    static var used: Problem {
        Problem(status: .gone, codeName: "handoff-used", detail: "This hand-off URL has been used; each works once. Send the photo again for a new one.")
    }

    /// The token ran out unused (410 `handoff-expired`).
    static var expired: Problem {
        Problem(status: .gone, codeName: "handoff-expired", detail: "This hand-off URL has expired; send the photo again for a new one.")
    }

    /// The problem for a claim that did not spend the token, or `nil` for one that did.
    static func problem(_ claim: HandoffClaim) -> Problem? {
        switch claim {
        case .taken: nil
        case .used: used
        case .expired: expired
        case .unknown: unknown
        }
    }

    /// A returned body larger than `returnMaximumBytes` (413).
    static func returnTooLarge(maximum: Int) -> Problem {
        Problem(status: .contentTooLarge, code: .tooLarge, detail: "A returned photo may be at most \(maximum) bytes.")
    }

    /// A returned body whose media type is not a photo (415).
    static func mediaType(_ given: String?) -> Problem {
        Problem(
            status: .unsupportedMediaType, code: .unsupportedFormat,
            detail: "Send the photo back as Content-Type image/jpeg or image/png (this request had \(given.map { "Content-Type \($0)" } ?? "no Content-Type")).")
    }

    /// Returned bytes that are not a JPEG or PNG (415); nothing is kept.
    static var notAnImage: Problem {
        Problem(status: .unsupportedMediaType, code: .unsupportedFormat, detail: "Only JPEG and PNG photos can be sent back; these bytes are not one.")
    }

    /// A photo whose canvas is larger than returns may be (413), such as a decompression bomb.
    static func canvasTooLarge(_ error: PhotoSourceError) -> Problem {
        Problem(status: .contentTooLarge, code: .tooLarge, detail: "The returned photo is too large to accept: \(error.message)")
    }

    /// Returned bytes that do not decode (422); nothing is kept.
    static func undecodable(_ error: any Error) -> Problem {
        let reason = (error as? PhotoSourceError)?.description ?? "\(error)"
        return Problem(status: .unprocessableContent, code: .invalidData, detail: "The returned photo does not decode: \(reason)")
    }
}
