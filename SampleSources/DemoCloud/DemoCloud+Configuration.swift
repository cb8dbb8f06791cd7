public import Foundation
public import PhotoSourceKit

extension DemoCloud {
    /// What the demo cloud serves and how its sign-in behaves. Everything is deterministic:
    /// the same configuration always gives the same albums, photos, sizes and image bytes.
    public struct Configuration: Sendable {
        /// One album of the catalog.
        public struct Album: Sendable, Hashable {
            /// The album's title.
            public var title: String
            /// How many photos it holds.
            public var photoCount: Int

            /// Creates an album description.
            public init(title: String, photoCount: Int) {
                self.title = title
                self.photoCount = max(0, photoCount)
            }
        }

        /// The albums, in listing order. The default has one album of 5,000 photos for paging.
        public var albums: [Album]
        /// Pixel sizes the photos cycle through; the metadata reports them and originals are
        /// rendered at exactly this size (keep them small in tests).
        public var photoSizes: [PixelSize]
        /// The long side of server-side thumbnails, in pixels.
        public var thumbnailLongSide: Int
        /// The long side of thumbnails unless configured otherwise (320 px, as many photo clouds).
        public static let defaultThumbnailLongSide = 320
        /// The page size used when a request gives no `limit`.
        public var defaultPageSize: Int
        /// The largest `limit` the API honours; larger requests are clamped.
        public var maximumPageSize: Int
        /// The only OAuth client id the server accepts.
        public var clientID: String
        /// The account name every grant belongs to.
        public var account: String
        /// Approve sign-ins without showing the approval page (browser redirect and device codes).
        public var autoApprove: Bool
        /// How long an access token works.
        public var accessTokenLifetime: Duration
        /// How long an authorization code may be exchanged.
        public var authorizationCodeLifetime: Duration
        /// How long a device code may be polled.
        public var deviceCodeLifetime: Duration
        /// The polling interval (whole seconds) the device endpoint announces.
        public var devicePollInterval: Int
        /// Whether the server logs its start and stop (at info level, on standard error); the
        /// REPL turns this off so its first screen is the listing. Warnings and errors are
        /// logged either way.
        public var logsLifecycle: Bool
        /// A folder whose JPEG and PNG files are served byte for byte, as the only album (titled
        /// with the folder's name), instead of the drawn albums; `nil` (the default) draws them.
        /// Benchmarks and trials with real camera files use it.
        public var photoFolder: URL?

        /// Creates a configuration; every parameter has a demo-friendly default.
        public init(
            albums: [Album] = Configuration.defaultAlbums,
            photoSizes: [PixelSize] = Configuration.defaultPhotoSizes,
            thumbnailLongSide: Int = defaultThumbnailLongSide,
            defaultPageSize: Int = 50,
            maximumPageSize: Int = 200,
            clientID: String = DemoCloud.defaultClientID,
            account: String = "demo-user",
            autoApprove: Bool = false,
            accessTokenLifetime: Duration = .seconds(300),
            authorizationCodeLifetime: Duration = .seconds(120),
            deviceCodeLifetime: Duration = .seconds(600),
            devicePollInterval: Int = 5,
            logsLifecycle: Bool = true,
            photoFolder: URL? = nil
        ) {
            self.albums = albums
            self.photoSizes = photoSizes.isEmpty ? Configuration.defaultPhotoSizes : photoSizes
            self.thumbnailLongSide = max(16, thumbnailLongSide)
            self.maximumPageSize = max(1, maximumPageSize)
            self.defaultPageSize = min(max(1, defaultPageSize), self.maximumPageSize)
            self.clientID = clientID
            self.account = account
            self.autoApprove = autoApprove
            self.accessTokenLifetime = accessTokenLifetime
            self.authorizationCodeLifetime = authorizationCodeLifetime
            self.deviceCodeLifetime = deviceCodeLifetime
            self.devicePollInterval = max(0, devicePollInterval)
            self.logsLifecycle = logsLifecycle
            self.photoFolder = photoFolder
        }

        /// Six albums: "Camera Roll" with 5,000 photos, four small ones and an empty one.
        public static let defaultAlbums: [Album] = [
            Album(title: "Camera Roll", photoCount: 5_000),
            Album(title: "Holidays", photoCount: 48),
            Album(title: "Family", photoCount: 36),
            Album(title: "Portraits", photoCount: 24),
            Album(title: "Landscapes", photoCount: 12),
            Album(title: "Empty Album", photoCount: 0),
        ]

        /// Camera-like sizes, landscape and portrait, with one that is too small for big prints.
        public static let defaultPhotoSizes: [PixelSize] = [
            PixelSize(width: 4000, height: 3000),
            PixelSize(width: 3000, height: 4000),
            PixelSize(width: 6000, height: 4000),
            PixelSize(width: 4032, height: 3024),
            PixelSize(width: 1600, height: 1200),
            PixelSize(width: 1200, height: 1600),
            PixelSize(width: 800, height: 600),
        ]
    }
}
