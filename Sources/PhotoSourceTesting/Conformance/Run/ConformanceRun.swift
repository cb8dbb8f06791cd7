import PhotoImaging
import PhotoSourceKit

/// One run of the suite: the state the checks share, and the calls they make to the source
/// (each bounded by the configured timeout).
struct ConformanceRun {
    /// What was learned about one listed container.
    struct ScopeVisit {
        /// The scope as the source reported it.
        let scope: ItemScope
        /// The pages of the small walk, in order.
        var pages: [ItemPage] = []
        /// Whether the walk reached a page with `hasMore == false`.
        var complete = false
    }

    /// An image found while exploring, with where it was listed.
    struct SampledImage {
        let item: any PhotoSourceItem
        let scope: ItemScope
        var label: String { "\"\(item.id)\" in \(scope)" }
    }

    let suite: PhotoSourceConformance
    var ledger = CheckLedger()
    /// The containers listed, in the order they were explored (the root first).
    var visits: [ScopeVisit] = []
    /// Images found while exploring, except those listed with a problem.
    var images: [SampledImage] = []
    /// Images listed with a ``PhotoSourceKit/PhotoSourceItem/problem`` (a text file named
    /// `notes.jpg`): the source says they cannot be used, so the image checks leave them out.
    var declaredProblems: [SampledImage] = []
    /// Which images the image checks took.
    var imageSample: ImageSample?
    /// Images whose thumbnail downloaded and decoded cleanly.
    var goodImages: [SampledImage] = []

    init(suite: PhotoSourceConformance) {
        self.suite = suite
    }

    var source: any PhotoSource { suite.source }
    var configuration: PhotoSourceConformance.Configuration { suite.configuration }
    var pageSize: Int { configuration.pageSize }

    /// The visit of `scope`, if it was explored.
    func visit(of scope: ItemScope) -> ScopeVisit? {
        visits.first { $0.scope == scope }
    }

    /// Lists a page, within the call timeout (or `timeout`).
    func list(
        _ container: (any PhotoSourceItem)?, in scope: ItemScope?, page: Int, count: Int, timeout: Duration? = nil
    ) async throws -> ItemPage {
        let source = source
        let what = "Listing page \(page) of \((scope ?? .root).description) in \(source.title)"
        return try await withTimeout(timeout ?? configuration.callTimeout, what) {
            try await source.items(for: container, in: scope, page: page, count: count)
        }
    }

    /// Downloads a variant of an item through the source's downloader, within the call timeout.
    func download(_ item: any PhotoSourceItem, _ variant: ImageVariant) async throws -> ImageData {
        let source = source
        return try await withTimeout(configuration.callTimeout, "Downloading the \(variant.rawValue) of \(item.id)") {
            try await source.downloader.download(item, from: source, variant: variant)
        }
    }

    /// Decodes `data` into the configured thumbnail on the decode pool.
    func render(_ data: ImageData) async throws -> Thumbnail {
        let spec = configuration.thumbnailSpec
        let limits = configuration.limits
        return try await DecodePool.shared.run {
            try ThumbnailRenderer.render(data.bytes, spec: spec, limits: limits)
        }
    }

    /// `isAuthenticated()`, or `nil` when it throws or hangs.
    func authenticated() async -> Bool? {
        let source = source
        return try? await withTimeout(configuration.callTimeout, "isAuthenticated()") {
            try await source.isAuthenticated()
        }
    }

    /// Calls the sign-in closure within the call timeout.
    func signIn(_ signIn: @escaping PhotoSourceConformance.SignIn) async throws {
        try await withTimeout(configuration.callTimeout, "Signing in to \(source.title)") { try await signIn() }
    }

    /// Calls `signOut()` within the call timeout.
    func signOut() async throws {
        let source = source
        try await withTimeout(configuration.callTimeout, "Signing out of \(source.title)") { try await source.signOut() }
    }
}
