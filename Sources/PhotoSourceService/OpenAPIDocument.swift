import Foundation

/// The API contract, `openapi.yaml` (the repository root's file is a link to this target's copy).
enum OpenAPIDocument {
    /// The document's text, read once from the target's resources.
    static let text: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "openapi: 3.1.0\ninfo: {title: missing, version: '0'}\npaths: {}\n" }
        return text
    }()
}
