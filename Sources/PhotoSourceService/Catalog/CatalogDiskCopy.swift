import Foundation
import PhotoSourceKit

/// The last good remote catalog on disk (the document as downloaded, and beside it its
/// validators and when it was fetched), so a restart without network still has it and does not
/// download again before the refresh interval has passed.
struct CatalogDiskCopy: Sendable {
    /// The validators and fetch time kept beside the document.
    struct Stamp: Codable, Sendable {
        var validators: CatalogValidators
        var fetchedAt: Date
    }

    let folder: URL
    var documentFile: URL { folder.appendingPathComponent("handler-catalog.json") }
    var stampFile: URL { folder.appendingPathComponent("handler-catalog.stamp.json") }

    /// The copy, when both files are there and the document still parses and lints clean.
    func read(limits: HandlerCatalog.Limits, development: Bool) -> (HandlerCatalog, Stamp)? {
        guard let document = try? Data(contentsOf: documentFile), let stampData = try? Data(contentsOf: stampFile),
            let stamp = try? JSONDecoder().decode(Stamp.self, from: stampData),
            let catalog = try? HandlerCatalog.parse(document, limits: limits),
            CatalogLinter(development: development).problems(in: catalog).allSatisfy({ $0.severity != .error })
        else { return nil }
        return (catalog, stamp)
    }

    /// Writes the document, then its stamp, each atomically.
    func write(_ document: Data, stamp: Stamp) throws {
        try AtomicFile.makeDirectory(folder, mode: 0o700)
        try AtomicFile.write(document, to: documentFile, mode: 0o600)
        try AtomicFile.write(try JSONEncoder().encode(stamp), to: stampFile, mode: 0o600)
    }
}
