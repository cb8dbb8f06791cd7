/// One named check of ``PhotoSourceConformance``; the raw value is the name reports print.
public enum ConformanceCheck: String, Sendable, Hashable, CaseIterable, Codable {
    /// The root lists without error.
    case rootListing = "root-listing"
    /// Every item says it belongs to the source (its `sourceID` is the source's id).
    case itemSourceIDs = "item-source-ids"
    /// No page of the root has a back item.
    case rootHasNoBackItem = "root-has-no-back-item"
    /// Page 0 of every other container starts with the back item; later pages have none.
    case backItemFirst = "back-item-first"
    /// Opening the back item lists the parent: the same scope and ids as listing it directly.
    case backItemReturnsToParent = "back-item-returns-to-parent"
    /// No page has more items than `count` (back item aside) or the source's maximum page size.
    case pageSizeLimits = "page-size-limits"
    /// Every page but the last holds exactly `count` items (back item aside), and page *k* starts
    /// at item *k* × `count` of the whole listing: the back item does not count, and short
    /// batches from a server are topped up rather than passed on as short pages.
    case pageBoundaries = "page-boundaries"
    /// No id appears twice among the pages of a container, nor in one large listing.
    case noDuplicateIDs = "no-duplicate-ids"
    /// Small pages together hold exactly the ids of one large listing, and `hasMore` says so.
    case noMissingIDs = "no-missing-ids"
    /// Listing a container twice gives the same ids.
    case stableIDs = "stable-ids"
    /// The page after the last is empty, with `hasMore == false`.
    case pagePastEnd = "page-past-end"
    /// The thumbnail variant of sampled images downloads and decodes.
    case thumbnailDecodes = "thumbnail-decodes"
    /// The full variant of sampled images downloads and decodes.
    case fullImageDecodes = "full-image-decodes"
    /// The full image's upright size (EXIF orientation applied) is the advertised `pixelSize`.
    case advertisedPixelSize = "advertised-pixel-size"
    /// Listing while signed out fails with `.notLoggedIn` (sources with sign-in).
    case signedOutListing = "signed-out-listing"
    /// After `signOut()` listing fails with `.notLoggedIn` again, even for pages seen before.
    case signOut = "sign-out"
    /// A 401 in the middle of paging surfaces as an auth error (and asks for sign-in again);
    /// the page lists again afterwards.
    case listingUnauthorized = "listing-fault-401"
    /// A 429 surfaces as `.rateLimited` with its Retry-After, or the source retries it.
    case listingRateLimited = "listing-fault-429"
    /// A 500 surfaces as a non-auth error or is retried; the next call lists the right items.
    case listingServerError = "listing-fault-500"
    /// A listing slower than the caller's timeout is abandoned cleanly; the next call works.
    case listingSlow = "listing-fault-slow"
    /// Download faults (401, 404, 429) surface with the right error code.
    case downloadErrorCodes = "download-fault-codes"
    /// A truncated body, a 500 or a slow download fail cleanly, and the next clean request
    /// gives a good thumbnail rather than a cached broken one.
    case downloadRecovery = "download-fault-recovery"

    /// The name printed in reports (the raw value).
    public var name: String { rawValue }
}
