import Foundation
import PhotoNetworking
import PhotoSourceKit

/// A handler's launch URL fetched as the person's browser would open it (`send N --open`), for
/// handlers on this machine only: the demo editor answers with a small HTML page whose
/// `<p id="result">` says what it did.
struct LaunchPage: Sendable, Equatable {
    /// The HTTP status of the answer.
    let status: Int
    /// The page's result sentence (the whole text when it has none), without markup.
    let sentence: String

    /// The hosts `--open` fetches from.
    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    /// Refuses a launch URL that is not http(s) on loopback: the REPL never opens other addresses itself.
    static func checkLoopback(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host?.lowercased(), loopbackHosts.contains(host)
        else {
            throw PhotoSourceError(
                .accessDenied, "`--open` only opens handlers on this machine (127.0.0.1); open the launch URL in a browser instead.")
        }
        return url
    }

    /// Fetches `launchURL` (loopback only); an error page is an answer too.
    static func fetch(_ launchURL: String) async throws -> LaunchPage {
        let url = try checkLoopback(launchURL)
        let origin = "\(url.scheme ?? "http")://\(url.host ?? "")" + (url.port.map { ":\($0)" } ?? "")
        var options = HTTPOptions(addressPolicy: try AddressPolicy.trusting(origins: [origin]))
        options.totalTimeout = .seconds(120)
        do {
            let response = try await HTTPClient.shared.send(HTTPRequest(url: url, method: "GET", options: options))
            return LaunchPage(status: response.status, html: response.body)
        } catch let error as PhotoSourceError {
            guard let response = (error.underlying as? HTTPStatusError)?.response else { throw error }
            return LaunchPage(status: response.status, html: response.body)
        }
    }

    /// The answer of status `status` with the HTML page `html`.
    init(status: Int, html: Data) {
        self.status = status
        let page = String(decoding: html, as: UTF8.self)
        var text = page
        if let start = page.range(of: "<p id=\"result\">"), let end = page.range(of: "</p>", range: start.upperBound..<page.endIndex) {
            text = String(page[start.upperBound..<end.lowerBound])
        }
        sentence = Self.plainText(text)
    }

    /// `html` without tags, its character references resolved, its whitespace collapsed.
    static func plainText(_ html: String) -> String {
        let untagged = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        // `&amp;` last, so `&amp;lt;` stays the text `&lt;`.
        let references = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
        let resolved = references.reduce(untagged) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        return resolved.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
