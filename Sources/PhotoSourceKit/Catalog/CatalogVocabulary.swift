/// The names a catalog may use, shared with docs/catalog.schema.json (a test keeps the two equal).
public enum CatalogVocabulary {
    /// The action names handlers may declare.
    public static let actions: [String] = ["edit", "print", "share", "collage", "photobook"]
    /// The platforms handlers may run on.
    public static let platforms: [String] = ["web", "ios", "android"]
    /// The parameters the service fills in a launch URL; a template may use no others.
    public static let parameters: [String] = ["imageURL", "returnURL", "mimeType", "fileName", "language", "title"]
}
