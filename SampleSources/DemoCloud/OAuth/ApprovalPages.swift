/// The demo cloud's HTML pages: the sign-in approval, the device-code approval and messages.
enum ApprovalPages {
    /// The page asking to approve a browser sign-in; its buttons post back to `/oauth/authorize`.
    static func authorize(_ request: AuthorizationRequest, account: String) -> String {
        let hidden = request.formFields.map { "<input type=\"hidden\" name=\"\(escape($0.0))\" value=\"\(escape($0.1))\">" }
        return page(title: "Sign in to Demo Cloud", body: """
            <p>The app <b>\(escape(request.clientID))</b> wants to see your photos (\(escape(request.scope))) \
            as <b>\(escape(account))</b>.</p>
            <form method="post" action="/oauth/authorize">
            \(hidden.joined(separator: "\n"))
            <button type="submit" name="decision" value="approve">Approve</button>
            <button type="submit" name="decision" value="deny">Deny</button>
            </form>
            """)
    }

    /// The page asking to approve the device showing `userCode`.
    static func device(userCode: String) -> String {
        page(title: "Connect a device", body: """
            <p>Approve the device showing the code <b>\(escape(userCode))</b>?</p>
            <form method="post" action="/oauth/device/approve">
            <input type="hidden" name="user_code" value="\(escape(userCode))">
            <button type="submit" name="decision" value="approve">Approve</button>
            <button type="submit" name="decision" value="deny">Deny</button>
            </form>
            """)
    }

    /// The form asking for a user code.
    static func enterCode() -> String {
        page(title: "Connect a device", body: """
            <form method="get" action="/oauth/device/approve">
            <label>Code shown on the device: <input name="user_code" autocomplete="off"></label>
            <button type="submit">Continue</button>
            </form>
            """)
    }

    /// A page with one message.
    static func message(title: String, _ text: String) -> String {
        page(title: title, body: "<p>\(escape(text))</p>")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(escape(title))</title></head>
        <body><h1>\(escape(title))</h1>
        \(body)
        </body></html>
        """
    }

    /// Escapes text for HTML content and attribute values.
    static func escape(_ text: String) -> String { HTMLText.escaped(text) }
}
