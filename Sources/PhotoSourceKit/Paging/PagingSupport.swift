/// How a source pages in a scope (Print.io's `supportsPagingInScope:`).
public enum PagingSupport: String, Sendable, Hashable {
    /// The source returns everything at once; ``DefaultPhotoSource`` emulates pages.
    case emulated
    /// The source answers page + count requests itself.
    case pages
    /// The source has a cursor API; ``CursorBook`` turns it into page numbers.
    case cursor
}
