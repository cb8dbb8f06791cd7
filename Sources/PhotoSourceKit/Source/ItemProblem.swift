/// How a source lists an entry that claims to be a photo but cannot be used as one.
///
/// A text file named `notes.jpg` in a folder, or a URL in a list that answers an HTML page, is
/// listed in its place (nothing the user named disappears silently) as an image item whose
/// title ends in ``notAPhotoTitleSuffix`` and whose `userInfo[`` userInfoKey ``]` says why
/// (``PhotoSourceItem/problem``). Front ends never offer such an item as printable; looking it
/// up by id for use (`item(id:)`, an order) is refused with `.unsupportedFormat` and the same
/// reason; the conformance suite counts it as declared, not as a failure.
public enum ItemProblem {
    /// The `userInfo` key under which an item says why it cannot be used as a photo.
    public static let userInfoKey = "problem"
    /// What the title of an entry whose bytes are not a JPEG or PNG ends with.
    public static let notAPhotoTitleSuffix = " (not a photo)"

    /// The error for using `title`, listed with `problem`, as a photo.
    public static func notAPhotoError(_ title: String, problem: String) -> PhotoSourceError {
        PhotoSourceError(.unsupportedFormat, "\"\(title)\" is not a photo: \(problem)")
    }
}

extension PhotoSourceItem {
    /// Why this item cannot be used as a photo (`userInfo["problem"]`), or `nil` when it can.
    public var problem: String? { userInfo[ItemProblem.userInfoKey] }
}
