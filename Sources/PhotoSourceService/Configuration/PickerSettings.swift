import Foundation

/// The web picker at `/picker/`: which shops may embed it.
///
/// The JSON key is `picker`; every field may be left out. `PHOTOSOURCE_PICKER_ORIGINS`
/// (comma-separated) replaces ``shopOrigins``.
public struct PickerSettings: Sendable, Codable, Hashable {
    /// Origins (`https://shop.example`) that may show the picker in an `<iframe>` (the page's
    /// CSP `frame-ancestors`), hand it a session by `postMessage`, and receive its
    /// `photosource.order` message. Default: none, so the picker only runs as a page of its own.
    public var shopOrigins: [String]

    /// Creates picker settings.
    public init(shopOrigins: [String] = []) {
        self.shopOrigins = shopOrigins
    }

    private enum Keys: String, CodingKey, CaseIterable {
        case shopOrigins
    }

    /// Decodes picker settings; a missing field keeps its default.
    public init(from decoder: any Decoder) throws {
        let fields = try ConfigurationFields<Keys>(decoder)
        self.init(shopOrigins: try fields.list(.shopOrigins) ?? [])
    }

    /// Every origin that is not `http(s)://host[:port]` without a path, with its JSON path.
    func problems() -> [ConfigurationProblem] {
        shopOrigins.enumerated().compactMap { index, origin in
            Self.isOrigin(origin) ? nil : ConfigurationProblem(
                path: "$.picker.shopOrigins[\(index)]",
                message: "\"\(origin)\" is not an origin; write scheme, host and port only, such as https://shop.example.")
        }
    }

    /// Whether `text` is an http or https origin: a scheme, a host and maybe a port, nothing else
    /// (a CSP source with a path, a wildcard or a quote would widen or break the policy).
    static func isOrigin(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
              components.path.isEmpty, components.query == nil, components.fragment == nil,
              components.user == nil, components.password == nil
        else { return false }
        return text.allSatisfy { !$0.isWhitespace && !"*;,'\"".contains($0) }
    }
}
