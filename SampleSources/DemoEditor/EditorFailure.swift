import Hummingbird

/// Why an edit did not complete: the HTTP status of the error page, its heading and a sentence
/// saying what happened and what to do.
struct EditorFailure: Error, Sendable {
    /// The page's status: 400 (a bad link), 410 (the photo is gone), 422 (not a photo), 502 (the return failed).
    let status: HTTPResponse.Status
    /// The page's heading.
    let title: String
    /// What happened, in a sentence or two.
    let message: String
}
