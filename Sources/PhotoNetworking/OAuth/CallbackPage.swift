import Foundation

/// The small HTML pages the loopback listener answers the browser with.
enum CallbackPage {
    /// `200`: signed in, the window can be closed.
    static let success = response(
        status: 200, reason: "OK", title: "Signed in",
        message: "You are signed in. You can close this window and go back to the app.")

    /// `400` with the reason the sign-in was refused.
    static func failure(_ reason: String) -> Data {
        response(status: 400, reason: "Bad Request", title: "Sign-in failed", message: reason)
    }

    /// `404` for anything but the callback path (a browser also asks for `/favicon.ico`).
    static let notFound = response(status: 404, reason: "Not Found", title: "Not found", message: "Nothing here.")

    /// `405` for methods other than GET.
    static let methodNotAllowed = response(
        status: 405, reason: "Method Not Allowed", title: "Method not allowed", message: "Only GET is answered here.")

    /// A complete HTTP/1.1 response that closes the connection.
    static func response(status: Int, reason: String, title: String, message: String) -> Data {
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><title>\(escape(title))</title></head>\
            <body style="font-family: sans-serif; margin: 3em"><h1>\(escape(title))</h1><p>\(escape(message))</p></body></html>
            """
        let body = Data(html.utf8)
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\n"
            + "Connection: close\r\n\r\n"
        return Data(head.utf8) + body
    }

    /// The characters HTML gives a meaning to, and their entities.
    private static let entities: [Character: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    /// Escapes `text` for HTML content and attribute values.
    static func escape(_ text: String) -> String {
        text.reduce(into: "") { escaped, character in
            if let entity = entities[character] { escaped += entity } else { escaped.append(character) }
        }
    }
}
