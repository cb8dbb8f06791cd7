import Foundation
import PhotoSourceKit

/// An item's current version, pinned into signed URLs so their responses can be immutable.
enum AssetVersion {
    /// A file's modification time and size; else the downloader's validator when it can tell
    /// cheaply; else `""`.
    static func current(of item: any PhotoSourceItem, in entry: ServiceSource) async throws -> String {
        if let file = try entry.originalFile?(item.id) {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(modified)-\((attributes[.size] as? NSNumber)?.intValue ?? 0)"
        }
        guard let validating = entry.source.downloader as? any ImageValidating else { return "" }
        return try await validating.currentValidator(for: item, from: entry.source) ?? ""
    }
}
