import Foundation
import PhotoSourceKit

/// How hand-offs to other apps behave (`POST /v1/handoffs`, its one-time image and return URLs).
///
/// The JSON key is `handoffs`; every field may be left out and keeps its default.
public struct HandoffSettings: Sendable, Codable, Hashable {
    /// How long a hand-off's image and return URLs work, in seconds (default 900: 15 minutes).
    public var ttlSeconds: Int
    /// The longest edge of the image a handler is given, in pixels (default 4,096); larger photos
    /// are scaled down, smaller ones are never scaled up.
    public var maximumEdge: Int
    /// The largest photo a handler may send back, in bytes (default 50 MiB); larger bodies are
    /// refused with 413.
    public var returnMaximumBytes: Int
    /// Origins (`https://editor.example`) besides the handler's own launch origin that may read a
    /// hand-off's image and send it back from a browser (CORS).
    public var allowedOrigins: [String]

    /// Creates hand-off settings.
    public init(ttlSeconds: Int = 900, maximumEdge: Int = 4096, returnMaximumBytes: Int = 50 << 20, allowedOrigins: [String] = []) {
        self.ttlSeconds = ttlSeconds
        self.maximumEdge = maximumEdge
        self.returnMaximumBytes = returnMaximumBytes
        self.allowedOrigins = allowedOrigins
    }

    private enum Keys: String, CodingKey, CaseIterable {
        case ttlSeconds, maximumEdge, returnMaximumBytes, allowedOrigins
    }

    /// Decodes hand-off settings; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        let standard = Self()
        self.init(
            ttlSeconds: try fields.value(.ttlSeconds, or: standard.ttlSeconds),
            maximumEdge: try fields.value(.maximumEdge, or: standard.maximumEdge),
            returnMaximumBytes: try fields.value(.returnMaximumBytes, or: standard.returnMaximumBytes),
            allowedOrigins: try fields.value(.allowedOrigins, or: standard.allowedOrigins))
    }

    /// Every value that is not usable, each with its JSON path.
    func problems() -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        for (name, value) in [("ttlSeconds", ttlSeconds), ("maximumEdge", maximumEdge), ("returnMaximumBytes", returnMaximumBytes)]
        where value <= 0 {
            problems.append(ConfigurationProblem(path: "$.handoffs." + name, message: "must be more than 0; \(value) is not."))
        }
        for (index, origin) in allowedOrigins.enumerated() where HandoffOrigin.of(origin) != origin {
            problems.append(ConfigurationProblem(
                path: "$.handoffs.allowedOrigins[\(index)]", message: "must be an origin such as https://editor.example (scheme and host, no path); \"\(origin)\" is not."))
        }
        return problems
    }
}

/// The origin (`scheme://host[:port]`) of a URL, as browsers send it in `Origin`.
enum HandoffOrigin {
    /// The origin of `text`, or `nil` when it is not an http(s) URL with a host.
    static func of(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        let port = components.port.map { ":\($0)" } ?? ""
        return scheme + "://" + host + port
    }
}
