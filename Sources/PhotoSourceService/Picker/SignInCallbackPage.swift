import Hummingbird
import SampleSources

/// The page a browser lands on at `/v1/sources/{source}/callback`: it says how the sign-in went
/// and returns the customer to the picker (`callback.js`: a popup tells the picker that opened it
/// and closes; a full-page sign-in goes back to `/picker/?resume=SOURCE`, the same album).
///
/// API clients that do not ask for HTML keep the JSON answer.
enum SignInCallbackPage {
    /// Whether the request's `Accept` asks for a page (a browser navigating) rather than JSON.
    static func wantsPage(_ request: Request) -> Bool {
        guard let accept = request.headers[.accept]?.lowercased() else { return false }
        return accept.contains("text/html") || accept.contains("application/xhtml+xml")
    }

    /// The page for `source` (its id and title): signed in, or `failure` said in words.
    static func response(
        source: String, title: String, failure: String?, status: HTTPResponse.Status = .ok,
        assets: PickerAssets = .bundled, policy: String
    ) -> Response {
        let script = "/picker/" + (assets.hashedNames["callback.js"] ?? "callback.js")
        let style = "/picker/" + (assets.hashedNames["picker.css"] ?? "picker.css")
        let heading = failure == nil ? "Signed in to \(title)" : "Not signed in to \(title)"
        let detail = failure ?? "Taking you back to your photos…"
        let html = """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escaped(heading))</title><link rel="stylesheet" href="\(style)"></head>
            <body class="callback" data-source="\(HTMLText.escaped(source))" data-outcome="\(failure == nil ? "signed-in" : "failed")">
            <main><h1>\(HTMLText.escaped(heading))</h1><p role="status">\(HTMLText.escaped(detail))</p>
            <p><a id="back" href="/picker/?resume=\(HTMLText.escaped(source))">Back to the picker</a></p></main>
            <script type="module" src="\(script)"></script>
            </body>
            </html>

            """
        return Response(status: status, headers: .pickerPage(policy: policy), body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
