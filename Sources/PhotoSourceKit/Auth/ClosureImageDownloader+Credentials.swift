extension ClosureImageDownloader {
    /// The closure's type when it is handed the session's current credentials.
    public typealias AuthorizedBody =
        @Sendable (_ item: any PhotoSourceItem, _ variant: ImageVariant, _ credentials: Credentials) async throws -> ImageData

    /// Creates a downloader whose closure is handed `session`'s current credentials (refreshed
    /// first when they are about to expire); signed out, downloads fail with `.notLoggedIn`.
    public init(credentialsFrom session: AuthSession, _ body: @escaping AuthorizedBody) {
        self.init { item, variant in try await body(item, variant, try await session.validCredentials()) }
    }
}
