import Foundation

/// Splits a `multipart/form-data` body into its parts, for the upload receiver in tests.
struct MultipartReader {
    struct Part {
        let name: String
        let fileName: String?
        let contentType: String?
        let body: Data
    }

    /// The parts of `body`, or `nil` when it is not multipart with `contentType`'s boundary.
    static func parts(_ body: Data, contentType: String) -> [Part]? {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let boundary = Data(("--" + contentType[range.upperBound...]).utf8)
        var parts: [Part] = []
        var cursor = body.startIndex
        guard let first = body.range(of: boundary, in: cursor..<body.endIndex) else { return nil }
        cursor = first.upperBound
        while true {
            // After a boundary: "--" ends the body, "\r\n" starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard body[cursor...].starts(with: Data("\r\n".utf8)) else { return nil }
            cursor += 2
            guard let headerEnd = body.range(of: Data("\r\n\r\n".utf8), in: cursor..<body.endIndex) else { return nil }
            let headers = String(decoding: body[cursor..<headerEnd.lowerBound], as: UTF8.self)
            guard let next = body.range(of: Data("\r\n".utf8) + boundary, in: headerEnd.upperBound..<body.endIndex) else { return nil }
            parts.append(Part(
                name: Self.parameter("name", in: headers) ?? "", fileName: Self.parameter("filename", in: headers),
                contentType: headers.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
                    .map { $0.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces) },
                body: Data(body[headerEnd.upperBound..<next.lowerBound])))
            cursor = next.upperBound
        }
    }

    private static func parameter(_ name: String, in headers: String) -> String? {
        guard let range = headers.range(of: "; \(name)=\"") else { return nil }
        let rest = headers[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
