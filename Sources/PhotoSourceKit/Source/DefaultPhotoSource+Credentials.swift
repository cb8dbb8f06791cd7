extension DefaultPhotoSource {
    /// Creates a source behind an account whose listing closures are handed the session's
    /// current credentials (see ``AuthorizedListing``); pair it with
    /// ``ClosureImageDownloader/init(credentialsFrom:_:)`` for the bytes.
    public convenience init(
        id: String, title: String, iconPath: String? = nil, maximumPageSize: Int = 500,
        thumbnailVariantLongSide: Int? = nil,
        listing: AuthorizedListing, downloader: any ImageDownloading, authSession: AuthSession
    ) {
        self.init(
            id: id, title: title, iconPath: iconPath, maximumPageSize: maximumPageSize,
            thumbnailVariantLongSide: thumbnailVariantLongSide, listing: listing.listing(credentialsFrom: authSession), downloader: downloader, authSession: authSession)
    }
}
