public import Foundation

/// The plain value type most sources use for their items.
public struct DefaultPhotoSourceItem: PhotoSourceItem, Hashable {
    public let id: String
    public let sourceID: String
    public let kind: ItemKind
    public let title: String
    public let pixelSize: PixelSize?
    public let publicURL: URL?
    public let userInfo: [String: String]
    public let cachePolicy: CachePolicy

    /// Creates an item.
    public init(
        id: String, sourceID: String, kind: ItemKind, title: String,
        pixelSize: PixelSize? = nil, publicURL: URL? = nil,
        userInfo: [String: String] = [:], cachePolicy: CachePolicy = .default
    ) {
        self.id = id
        self.sourceID = sourceID
        self.kind = kind
        self.title = title
        self.pixelSize = pixelSize
        self.publicURL = publicURL
        self.userInfo = userInfo
        self.cachePolicy = cachePolicy
    }

    /// A photo.
    public static func image(
        id: String, sourceID: String, title: String, pixelSize: PixelSize? = nil,
        publicURL: URL? = nil, userInfo: [String: String] = [:]
    ) -> DefaultPhotoSourceItem {
        DefaultPhotoSourceItem(
            id: id, sourceID: sourceID, kind: .image, title: title, pixelSize: pixelSize,
            publicURL: publicURL, userInfo: userInfo)
    }

    /// An album or folder.
    public static func container(
        id: String, sourceID: String, title: String, userInfo: [String: String] = [:]
    ) -> DefaultPhotoSourceItem {
        DefaultPhotoSourceItem(id: id, sourceID: sourceID, kind: .container, title: title, userInfo: userInfo)
    }
}
