import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578), read whole: enough for the demo
/// receiver's uploads and the tests' receivers, not a streaming parser.
struct MultipartFormParts: Sendable {
    /// One part: its form field name, file name and content type when given, and its bytes.
    struct Part: Sendable {
        let name: String
        let fileName: String?
        let contentType: String?
        let body: Data
    }

    /// Every part, in order.
    let parts: [Part]

    /// The parts of `body`, or `nil` when it is not multipart with `contentType`'s boundary.
    init?(_ body: Data, contentType: String) {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let boundary = Data(("--" + contentType[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))).utf8)
        guard let first = body.range(of: boundary) else { return nil }
        var parts: [Part] = []
        var cursor = first.upperBound
        while true {
            // After a boundary: "--" ends the body, "\r\n" starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { break }
            guard body[cursor...].starts(with: Data("\r\n".utf8)) else { return nil }
            cursor += 2
            guard let headerEnd = body.range(of: Data("\r\n\r\n".utf8), in: cursor..<body.endIndex),
                let next = body.range(of: Data("\r\n".utf8) + boundary, in: headerEnd.upperBound..<body.endIndex)
            else { return nil }
            let headers = String(decoding: body[cursor..<headerEnd.lowerBound], as: UTF8.self)
            parts.append(Part(
                name: Self.parameter("name", in: headers) ?? "", fileName: Self.parameter("filename", in: headers),
                contentType: headers.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
                    .map { $0.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces) },
                body: Data(body[headerEnd.upperBound..<next.lowerBound])))
            cursor = next.upperBound
        }
        self.parts = parts
    }

    /// The text fields (parts without a file name), by name.
    var fields: [String: String] {
        Dictionary(parts.filter { $0.fileName == nil }.map { ($0.name, String(decoding: $0.body, as: UTF8.self)) }) { $1 }
    }

    /// The first part named `name`.
    func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// A quoted parameter of a `Content-Disposition` line, as sent (escapes are left as they are).
    private static func parameter(_ name: String, in headers: String) -> String? {
        guard let range = headers.range(of: "; \(name)=\"") else { return nil }
        let rest = headers[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
