import Foundation
import PhotoSourceKit

/// Limits of customer uploads (tus 1.0 at `/v1/uploads`, the per-session "Uploads" source).
///
/// The JSON key is `uploads`; every field may be left out and keeps its default.
public struct UploadSettings: Sendable, Codable, Hashable {
    /// The largest photo one upload may be, in bytes (default 64 MiB); a larger `Upload-Length`
    /// is refused with 413 before any byte is sent.
    public var maximumBytes: Int
    /// The most bytes all of one session's uploads, finished and unfinished, may hold (default
    /// 1 GiB); a creation that would pass it gets 413.
    public var sessionQuotaBytes: Int
    /// The largest body one `PATCH` may carry, in bytes (default 8 MiB); clients send larger
    /// files in several requests. Bodies are streamed to disk, never held whole.
    public var maximumChunkBytes: Int
    /// How long an upload may stay unfinished, in seconds (default 86,400: a day), told to the
    /// client in `Upload-Expires`; past it the upload is refused (404) and its bytes deleted.
    /// Finished uploads live as long as their session.
    public var unfinishedLifetimeSeconds: Int

    /// Creates upload settings; the defaults suit phone photos.
    public init(
        maximumBytes: Int = 64 << 20, sessionQuotaBytes: Int = 1 << 30, maximumChunkBytes: Int = 8 << 20,
        unfinishedLifetimeSeconds: Int = 86_400
    ) {
        self.maximumBytes = maximumBytes
        self.sessionQuotaBytes = sessionQuotaBytes
        self.maximumChunkBytes = maximumChunkBytes
        self.unfinishedLifetimeSeconds = unfinishedLifetimeSeconds
    }

    private enum Keys: String, CodingKey, CaseIterable {
        case maximumBytes, sessionQuotaBytes, maximumChunkBytes, unfinishedLifetimeSeconds
    }

    /// Decodes upload settings; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        let standard = Self()
        self.init(
            maximumBytes: try fields.value(.maximumBytes, or: standard.maximumBytes),
            sessionQuotaBytes: try fields.value(.sessionQuotaBytes, or: standard.sessionQuotaBytes),
            maximumChunkBytes: try fields.value(.maximumChunkBytes, or: standard.maximumChunkBytes),
            unfinishedLifetimeSeconds: try fields.value(.unfinishedLifetimeSeconds, or: standard.unfinishedLifetimeSeconds))
    }

    /// Every number that is not usable, each with its JSON path.
    func problems() -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        for (name, value) in [
            ("maximumBytes", maximumBytes), ("sessionQuotaBytes", sessionQuotaBytes),
            ("maximumChunkBytes", maximumChunkBytes), ("unfinishedLifetimeSeconds", unfinishedLifetimeSeconds),
        ] where value <= 0 {
            problems.append(ConfigurationProblem(path: "$.uploads." + name, message: "must be more than 0; \(value) is not."))
        }
        if sessionQuotaBytes > 0, maximumBytes > sessionQuotaBytes {
            problems.append(ConfigurationProblem(
                path: "$.uploads.maximumBytes", message: "must not be more than sessionQuotaBytes (\(sessionQuotaBytes)); \(maximumBytes) is."))
        }
        return problems
    }
}
