public import Foundation
public import PhotoNetworking

/// Builds a `multipart/form-data` body (RFC 7578) whose file parts stay on disk: the result is an
/// ``PhotoNetworking/HTTPBodyStream`` that the HTTP client reads while it sends, so uploading a
/// 24 MB original holds only the boundaries and fields in memory.
///
/// ```swift
/// var form = MultipartFormBody()
/// form.addField("orderId", "ord_1")
/// form.addFile("file", fileName: "000-IMG_1.jpg", contentType: "image/jpeg", file: url, byteCount: 1_234_567)
/// request.setHeader("Content-Type", form.contentType)
/// request.bodyStream = form.finished()
/// ```
public struct MultipartFormBody: Sendable {
    /// The boundary between parts (random unless given).
    public let boundary: String
    private var parts: [HTTPBodyStream.Part] = []
    private var pending = Data()

    /// Creates an empty form with `boundary`, or a random one that cannot occur in a field.
    public init(boundary: String = "photosource-" + UUID().uuidString.lowercased()) {
        self.boundary = boundary
    }

    /// The `Content-Type` header value, boundary included.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a text field.
    public mutating func addField(_ name: String, _ value: String) {
        pending.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n".utf8))
        pending.append(Data(value.utf8))
        pending.append(Data("\r\n".utf8))
    }

    /// Adds a file part whose bytes are read from `file` while sending (`byteCount` must be its size then).
    public mutating func addFile(_ name: String, fileName: String, contentType: String, file: URL, byteCount: Int64) {
        pending.append(Data((
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(fileName))\"\r\n"
                + "Content-Type: \(Self.headerSafe(contentType))\r\n\r\n").utf8))
        parts.append(.bytes(pending))
        pending = Data()
        parts.append(.file(file, byteCount: byteCount))
        pending.append(Data("\r\n".utf8))
    }

    /// The finished body, closing boundary included.
    public func finished() -> HTTPBodyStream {
        var closing = pending
        closing.append(Data("--\(boundary)--\r\n".utf8))
        return HTTPBodyStream(parts + [.bytes(closing)])
    }

    /// A name or file name inside a quoted parameter: `"`, CR and LF percent-encoded as the
    /// HTML standard's form encoder does, so a name cannot end the header early.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }.map(Character.init))
    }
}
