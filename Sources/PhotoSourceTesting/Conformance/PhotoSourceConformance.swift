public import PhotoSourceKit

/// The shared test suite every photo source must pass, as rclone runs one suite against every
/// backend: listing, back items, paging, ids, decodable images with honest sizes, sign-in and
/// behaviour under injected faults.
///
/// ```swift
/// @Test func conforms() async {
///     await PhotoSourceConformance(source: MySource()).run().expectAllPassed()
/// }
/// ```
///
/// The suite samples a bounded number of containers and images (see ``Configuration``), so large
/// sources stay fast: every image of a small source, and across the whole listing of a large one
/// (the first, the last, the rest picked with a seed the report prints). With `signIn`, it signs the source out and in again (and leaves it signed in).
/// With `faults`, a ``FaultInjector`` wired *into* the source (its listing built with
/// ``PhotoSourceKit/ItemListing/injectingFaults(from:)``, its downloader a
/// ``FaultInjectingDownloader``), it also checks how the source reacts to failing requests;
/// without one, download faults are injected around the source's downloader and listing faults
/// are skipped.
public struct PhotoSourceConformance: Sendable {
    /// Signs the source in (for example by completing a scripted sign-in against a test server).
    public typealias SignIn = @Sendable () async throws -> Void

    /// The source under test.
    public let source: any PhotoSource
    /// How to sign the source in, or `nil` for sources without sign-in.
    public let signIn: SignIn?
    /// The fault script wired into the source, if any.
    public let faults: FaultInjector?
    /// Sampling limits, page sizes and timeouts.
    public let configuration: Configuration

    /// Creates a suite for `source`.
    public init(
        source: any PhotoSource, signIn: SignIn? = nil, faults: FaultInjector? = nil,
        configuration: Configuration = Configuration()
    ) {
        self.source = source
        self.signIn = signIn
        self.faults = faults
        self.configuration = configuration
    }

    /// Runs every check and reports each by name. Never throws: a source that fails or hangs
    /// fails the check that caught it.
    public func run() async -> ConformanceReport {
        var run = ConformanceRun(suite: self)
        await run.checkSignedOutListing()
        await run.explore()
        await run.checkImages()
        await run.checkListingFaults()
        await run.checkDownloadFaults()
        await run.checkSignOut()
        return ConformanceReport(
            sourceID: source.id, sourceTitle: source.title, results: run.ledger.results(),
            sampling: run.imageSample.map { "images checked: \($0.description)" }, sampleSeed: run.imageSample?.seed,
            declaredProblems: run.declaredProblems.map { "\($0.label): \($0.item.problem ?? "")" })
    }
}
