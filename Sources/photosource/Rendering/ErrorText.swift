import PhotoSourceKit

/// The one line shown for an error: a ``PhotoSourceError``'s description, anything else wrapped
/// so that a person never sees a stack trace or a type dump.
enum ErrorText {
    /// The line for `error`.
    static func line(for error: any Error) -> String {
        PhotoSourceError.wrapping(error, context: "Unexpected failure").description
    }
}
