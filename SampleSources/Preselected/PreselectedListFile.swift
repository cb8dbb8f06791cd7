import Foundation
import PhotoSourceKit

/// The `urls:FILE` list format: one URL or path per line, UTF-8; blank lines and lines whose
/// first non-blank character is `#` are skipped; `\n`, `\r\n` and `\r` line ends all work.
enum PreselectedListFile {
    /// The entries of the list file at `url` (an absolute file URL), read with a size limit.
    ///
    /// - Throws: `.notFound` when it is missing, `.tooLarge` over
    ///   ``PreselectedSource/maximumListFileBytes``, `.invalidData` when it is not a regular file
    ///   or not UTF-8 text.
    static func read(_ url: URL) throws -> [PreselectedCatalog.Line] {
        let name = url.lastPathComponent
        let reader = FileImageDownloader(
            resolver: try LocalPathResolver(root: url.deletingLastPathComponent()),
            maximumBytes: PreselectedSource.maximumListFileBytes)
        let data: Data
        do {
            data = try reader.read(url, name: url.path).bytes
        } catch let error as PhotoSourceError {
            throw PhotoSourceError(error.code, "The photo list \(error.message)", detail: error.detail, underlying: error)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw PhotoSourceError(.invalidData, "The photo list \(url.path) is not UTF-8 text; save it as UTF-8 with one URL or path per line.")
        }
        return lines(in: text, name: name)
    }

    /// The entry lines of `text`, numbered from 1 as an editor shows them.
    static func lines(in text: String, name: String) -> [PreselectedCatalog.Line] {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var lines: [PreselectedCatalog.Line] = []
        for (offset, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            lines.append(PreselectedCatalog.Line(place: "Line \(offset + 1) of \(name)", text: line))
        }
        return lines
    }
}
