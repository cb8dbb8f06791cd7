import PhotoSourceKit

/// The one line shown for an error: a ``PhotoSourceError``'s description, anything else wrapped
/// so that a person never sees a stack trace or a type dump, with control characters escaped
/// (messages quote file names).
///
/// Two repairs for a person at the command line: the detail is left out when the message already
/// says it (`(HTTP 404). (HTTP 404)`), and advice meant for programmers using the library
/// (`or raise ImageLimits.maxWholeImagePixels`) is dropped, since a CLI user cannot act on it.
enum ErrorText {
    /// The line for `error`.
    static func line(for error: any Error) -> String {
        let wrapped = PhotoSourceError.wrapping(error, context: "Unexpected failure")
        var text = wrapped.message
        if let detail = wrapped.detail, !detail.isEmpty, !text.contains(detail) {
            text += " (\(detail))"
        }
        return TerminalText.escaped(withoutLibraryAdvice(text))
    }

    /// `text` without clauses such as `, or raise ImageLimits.maxPixels` and ` or raise ImageLimits.maxEncodedBytes`.
    static func withoutLibraryAdvice(_ text: String) -> String {
        text.replacing(/,? or raise ImageLimits\.\w+/, with: "")
    }
}
