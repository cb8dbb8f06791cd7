import Foundation
import Hummingbird
import PhotoImaging
import NIOCore

/// The editor's small HTML answers: what an edit did, or why it did not.
enum EditorPage {
    /// "Flipped … and sent back": the page after a completed edit.
    static func done(_ outcome: EditorRoundTrip.Outcome) -> Response {
        let photo = "the \(outcome.width)×\(outcome.height) \(outcome.format == .png ? "PNG" : "JPEG") photo"
        let sentence: String
        if let returnedTo = outcome.returnedTo {
            let origin = "\(returnedTo.host ?? "")" + (returnedTo.port.map { ":\($0)" } ?? "")
            let item = outcome.receivedItem.map { " (item \($0) in “Received”)" } ?? ""
            sentence = "Flipped \(photo) left to right and sent it back to \(origin)\(item)."
        } else {
            sentence = "Flipped \(photo) left to right. The link had no return URL, so it was not sent back."
        }
        return page(status: .ok, title: "Photo flipped", message: sentence, note: "You can close this page and go back to the shop.")
    }

    /// The error page for `failure`.
    static func failed(_ failure: EditorFailure) -> Response {
        page(status: failure.status, title: failure.title, message: failure.message, note: "Nothing was sent back.")
    }

    private static func page(status: HTTPResponse.Status, title: String, message: String, note: String) -> Response {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Demo editor: \(HTMLText.escaped(title))</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body><main><h1>\(HTMLText.escaped(title))</h1>
            <p id="result">\(HTMLText.escaped(message))</p>
            <p>\(HTMLText.escaped(note))</p></main></body></html>

            """
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
